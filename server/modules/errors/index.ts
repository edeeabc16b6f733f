// The errors module's one door: everything outside server/modules/errors/ imports from here.
export { errorListText } from "./list-text";
export { createErrorReporter } from "./reporter";
export { createErrorsService } from "./service";
export type { ErrorsService } from "./service";
export { createStackMapper } from "./source-maps";
