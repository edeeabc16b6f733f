// The operators module's one door: everything outside server/modules/operators/ imports from here.
export { qrPath } from "./qr";
export { createOperatorsService } from "./service";
export type { Operator, OperatorsService } from "./service";
export { stepAt } from "./totp";
