// The contact module's one door: everything outside server/modules/contact/ imports from here.
export { createContactService, eraseContactMessages } from "./service";
export type { ContactService } from "./service";
