// The mail module's one door: everything outside server/modules/mail/ imports from here.
export { REDACTED_BODY, createMailService, eraseMailsTo } from "./service";
export type { MailService, RecordedMail } from "./service";
export { mailPage, templates } from "./templates";
export type { MailContent, TemplateName } from "./templates";
// The outbox as stored, for tests (server/testing/mail.ts re-exports it).
export * from "./test-store";
