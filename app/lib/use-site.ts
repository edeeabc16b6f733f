import { usePublicConfig } from "./use-public-config";
import { pageTitle, type PageKey } from "../../rules/shared/page-titles";

/** The current site and the SPEC §2 title of a page on it. */
export function usePageTitle(key: PageKey): string {
  return pageTitle(key, usePublicConfig().site);
}
