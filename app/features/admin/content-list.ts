import type { ContentStatus, ContentType } from "../../../server/modules/content";

// The console's content and redirect lists: the shape of their query and the links that change one
// part of it (content-list.server.ts reads it from the URL), shared by the loaders and the tables.

export const ENTRY_SORTS = ["key", "type", "status", "updated"] as const;
export const REDIRECT_SORTS = ["source", "target", "updated"] as const;
export const CONTENT_PAGE_SIZE = 25;

export type EntryQuery = {
  type: ContentType | null;
  status: ContentStatus | null;
  q: string;
  sort: (typeof ENTRY_SORTS)[number];
  dir: "asc" | "desc";
  page: number;
};
export type RedirectQuery = { q: string; sort: (typeof REDIRECT_SORTS)[number]; dir: "asc" | "desc"; page: number };

export function entryListHref(q: EntryQuery, change: Partial<EntryQuery> = {}): string {
  const next = { ...q, ...change };
  const p = new URLSearchParams();
  if (next.type) p.set("type", next.type);
  if (next.status) p.set("status", next.status);
  if (next.q) p.set("q", next.q);
  if (next.sort !== "key") p.set("sort", next.sort);
  if (next.dir !== "asc") p.set("dir", next.dir);
  if (next.page > 1) p.set("page", String(next.page));
  const s = p.toString();
  return s ? `/admin/content?${s}` : "/admin/content";
}

export function redirectListHref(q: RedirectQuery, change: Partial<RedirectQuery> = {}): string {
  const next = { ...q, ...change };
  const p = new URLSearchParams();
  if (next.q) p.set("q", next.q);
  if (next.sort !== "source") p.set("sort", next.sort);
  if (next.dir !== "asc") p.set("dir", next.dir);
  if (next.page > 1) p.set("page", String(next.page));
  const s = p.toString();
  return s ? `/admin/redirects?${s}` : "/admin/redirects";
}

/** "sitewide-banner" → "Sitewide banner". */
export const typeLabel = (t: string) => t.charAt(0).toUpperCase() + t.slice(1).replace(/-/g, " ");

export const STATUS_LABELS = { published: "Published", draft: "Draft", archived: "Archived" } as const;
