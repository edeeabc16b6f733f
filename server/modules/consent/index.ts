// The consent module's one door: everything outside server/modules/consent/ imports from here.
export { createConsentService } from "./service";
export type { ConsentService } from "./service";
