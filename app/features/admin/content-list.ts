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

/**
 * A list's address holding only what differs from the list as first opened: the query's parts in
 * order, each left out when empty or at its default (page 1 included).
 */
function listHref(path: string, query: Record<string, string | number | null>, defaults: Record<string, string | number>): string {
  const p = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    const shown = typeof value === "number" ? value > Number(defaults[name]) : value && value !== defaults[name];
    if (shown) p.set(name, String(value));
  }
  const s = p.toString();
  return s ? `${path}?${s}` : path;
}

export function entryListHref(q: EntryQuery, change: Partial<EntryQuery> = {}): string {
  const { type, status, q: text, sort, dir, page } = { ...q, ...change };
  return listHref("/admin/content", { type, status, q: text, sort, dir, page }, { sort: "key", dir: "asc", page: 1 });
}

export function redirectListHref(q: RedirectQuery, change: Partial<RedirectQuery> = {}): string {
  const { q: text, sort, dir, page } = { ...q, ...change };
  return listHref("/admin/redirects", { q: text, sort, dir, page }, { sort: "source", dir: "asc", page: 1 });
}

/** "sitewide-banner" → "Sitewide banner". */
export const typeLabel = (t: string) => t.charAt(0).toUpperCase() + t.slice(1).replace(/-/g, " ");

export const STATUS_LABELS = { published: "Published", draft: "Draft", archived: "Archived" } as const;
