// The images module's one door: everything outside server/modules/images/ imports from here.
export { renderPackshotSvg } from "./packshot";
