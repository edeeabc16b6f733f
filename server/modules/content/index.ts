// The content module's one door: everything outside server/modules/content/ imports from here.
export { readContentAsset } from "./assets";
export { closesLoop, consoleRedirectSchema, newEntrySchema, workingBody } from "./editing";
export type { FieldErrors } from "./editing";
export { CONTENT_DIR, parseContentFiles, readContentFiles } from "./files";
export { addItem, describeForm, readForm } from "./form";
export type { FormNode } from "./form";
export { UNLOCK_COOKIE, createSiteGate } from "./gate";
export { PREVIEW_PARAM, previewToken, previewUrl, readPreviewToken } from "./preview";
export { seedContentIfEmpty } from "./seed";
export { createContentService } from "./service";
export type { ContentService } from "./service";
export { CONTENT_STATUSES, CONTENT_TYPES } from "./types";
export type { ContentBody, ContentImage, ContentLink, ContentSite, ContentStatus, ContentType, PageBody, PageSection } from "./types";
