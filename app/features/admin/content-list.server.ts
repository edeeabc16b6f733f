import { z } from "zod";
import { CONTENT_STATUSES, CONTENT_TYPES, type ContentType } from "../../../server/modules/content";
import { ENTRY_SORTS, REDIRECT_SORTS, type EntryQuery, type RedirectQuery } from "./content-list";

// The console's content and redirect lists: their query (type, status, search, sort, page) read from
// the URL; anything unknown falls back to the default rather than failing the page.

export { CONTENT_STATUSES, CONTENT_TYPES };

const entryQuery = z.object({
  type: z
    .enum(CONTENT_TYPES as [ContentType, ...ContentType[]])
    .nullable()
    .catch(null),
  status: z.enum(CONTENT_STATUSES).nullable().catch(null),
  q: z.string().trim().max(100).catch(""),
  sort: z.enum(ENTRY_SORTS).catch("key"),
  dir: z.enum(["asc", "desc"]).catch("asc"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export const entryListQuery = (p: URLSearchParams): EntryQuery =>
  entryQuery.parse({ type: p.get("type"), status: p.get("status"), q: p.get("q") ?? "", sort: p.get("sort"), dir: p.get("dir"), page: p.get("page") ?? 1 });

const redirectQuery = z.object({
  q: z.string().trim().max(100).catch(""),
  sort: z.enum(REDIRECT_SORTS).catch("source"),
  dir: z.enum(["asc", "desc"]).catch("asc"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export const redirectListQuery = (p: URLSearchParams): RedirectQuery =>
  redirectQuery.parse({ q: p.get("q") ?? "", sort: p.get("sort"), dir: p.get("dir"), page: p.get("page") ?? 1 });

export { workingBody } from "../../../server/modules/content";
export { addItem, describeForm, readForm } from "../../../server/modules/content";
