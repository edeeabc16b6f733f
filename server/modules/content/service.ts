import { and, eq, inArray, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Db } from "../../db/client";
import type { SiteId } from "../../../rules/shared/site";
import { sanitizeBody } from "./rich-text";
import { contentEntries, urlRedirects } from "./schema";
import { createContentEditor } from "./editing";
import { BODY_SCHEMAS, type ContentBody, type ContentEntryInput, type ContentSite, type ContentType, type RedirectInput } from "./types";

// The content-management service of SPEC §1/§7 as our own module: typed entries with a publication
// status, per site (an entry for one site overrides the shared one with the same key), rich text
// sanitised before it leaves the server. Reads go through a short in-process cache (ARCHITECTURE §5:
// a cache, not state); an import clears it, other processes see the change within the TTL.

export const CONTENT_CACHE_TTL_MS = 30_000;
/** Entries kept at most: the shop's real content is a few hundred keys per site. */
export const CONTENT_CACHE_MAX_ENTRIES = 2_000;

export type Redirect = { target: string; permanent: boolean };
type Keyed<T> = { key: string; body: T };

/**
 * Loads by key, remembered for `ttlMs` and bounded to `max` entries (least recently used go first):
 * keys come from URLs (`/:slug`), so an unbounded map would grow with every invented path.
 */
class TtlCache {
  private readonly entries: LRUCache<string, { value: Promise<unknown> }>;
  constructor(ttlMs: number, max: number) {
    this.entries = new LRUCache({ max, ttl: ttlMs });
  }
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit) return hit.value as Promise<T>;
    const entry = { value: load() as Promise<unknown> };
    this.entries.set(key, entry);
    // A failed load is not remembered.
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value as Promise<T>;
  }
  get size() {
    return this.entries.size;
  }
  clear() {
    this.entries.clear();
  }
}

/** Replaces {{name}} placeholders in every string of a body (e.g. the free-shipping threshold of SPEC §9). */
export function fillTokens<T>(body: T, tokens: Record<string, string>): T {
  if (typeof body === "string") return body.replace(/\{\{(\w+)\}\}/g, (m, name: string) => tokens[name] ?? m) as T;
  if (Array.isArray(body)) return body.map((b) => fillTokens(b, tokens)) as T;
  if (body && typeof body === "object") {
    return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, fillTokens(v, tokens)])) as T;
  }
  return body;
}

export type ContentServiceOptions = {
  ttlMs?: number;
  /** Cache entries kept at most (CONTENT_CACHE_MAX_ENTRIES). */
  maxCacheEntries?: number;
  /** Values for {{name}} placeholders in content. */
  tokens?: Record<string, string>;
  onInvalidBody?: (info: object) => void;
};

/** A draft shown in place of (or beside) the published entries: the preview of one entry. */
export type ContentOverlay = { type: ContentType; key: string; site: ContentSite; body: unknown };

export function createContentService(db: Db, options: ContentServiceOptions = {}) {
  const cache = new TtlCache(options.ttlMs ?? CONTENT_CACHE_TTL_MS, options.maxCacheEntries ?? CONTENT_CACHE_MAX_ENTRIES);

  /**
   * Published entries of a type for a site: the site's own variant wins over the shared one. An
   * overlay (a preview) stands in for its entry, with the same precedence as if it were published.
   */
  async function loadPublished<T extends ContentType>(
    type: T,
    site: SiteId,
    key?: string,
    overlay?: ContentOverlay,
  ): Promise<{ items: Keyed<ContentBody<T>>[]; ids: number[] }> {
    const rows = await db
      .select({ id: contentEntries.id, key: contentEntries.key, site: contentEntries.site, body: contentEntries.body })
      .from(contentEntries)
      .where(
        and(
          eq(contentEntries.type, type),
          eq(contentEntries.status, "published"),
          inArray(contentEntries.site, [site, "both"]),
          key === undefined ? undefined : eq(contentEntries.key, key),
        ),
      )
      .orderBy(contentEntries.key);
    const byKey = new Map<string, { site: string; body: unknown }>();
    for (const row of rows) {
      const have = byKey.get(row.key);
      if (!have || have.site === "both") byKey.set(row.key, row);
    }
    if (overlay && overlay.type === type && (overlay.site === site || overlay.site === "both") && (key === undefined || key === overlay.key)) {
      const have = byKey.get(overlay.key);
      if (!have || have.site === overlay.site || have.site === "both") byKey.set(overlay.key, { site: overlay.site, body: overlay.body });
    }
    const out: Keyed<ContentBody<T>>[] = [];
    for (const [k, row] of byKey) {
      // A row edited by hand into an invalid shape is left out, not served half-broken.
      const parsed = BODY_SCHEMAS[type].safeParse(row.body);
      if (!parsed.success) {
        options.onInvalidBody?.({ type, key: k, issues: parsed.error.issues.slice(0, 3) });
        continue;
      }
      out.push({ key: k, body: fillTokens(sanitizeBody(parsed.data), options.tokens ?? {}) as ContentBody<T> });
    }
    // Every row read, the ones shadowed by the site's own or left out as invalid too: an edit of any
    // of them may change what the read answers.
    return { items: out, ids: rows.map((r) => r.id) };
  }

  /**
   * The storefront's reads; `remember` is the cache (a preview reads without one); `shown` hears the
   * ids of the entries each read looked at, cached or not (a page the page cache keeps: `recording`).
   */
  function reader(remember: <V>(key: string, load: () => Promise<V>) => Promise<V>, overlay?: ContentOverlay, shown?: (ids: readonly number[]) => void) {
    const told = <V>(read: Promise<{ value: V; ids: number[] }>): Promise<V> =>
      read.then(({ value, ids }) => {
        shown?.(ids);
        return value;
      });
    const read = {
      /** One published entry by type and key, or null. */
      entry<T extends ContentType>(type: T, key: string, site: SiteId): Promise<ContentBody<T> | null> {
        return told(
          remember(`entry:${type}:${key}:${site}`, async () => {
            const { items, ids } = await loadPublished(type, site, key, overlay);
            return { value: items[0]?.body ?? null, ids };
          }),
        );
      },

      /** Every published entry of a type, in "order" then key order. */
      list<T extends ContentType>(type: T, site: SiteId): Promise<Keyed<ContentBody<T>>[]> {
        return told(
          remember(`list:${type}:${site}`, async () => {
            const { items, ids } = await loadPublished(type, site, undefined, overlay);
            const order = (b: unknown) => (b as { order?: number }).order ?? 0;
            return { value: items.sort((a, b) => order(a.body) - order(b.body) || a.key.localeCompare(b.key)), ids };
          }),
        );
      },

      /** Blocks of one page (home, cart…) of a block type: highlight, two-column, carousel, promotion. */
      async blocksFor<T extends "highlight-content-block" | "two-column-section" | "product-carousel" | "promotion-banner">(
        type: T,
        page: string,
        site: SiteId,
      ): Promise<ContentBody<T>[]> {
        return (await read.list(type, site)).map((e) => e.body).filter((b) => (b as { page: string }).page === page);
      },

      /** The route-rule lookup of SPEC §2: a redirect for a path on a site, or null. */
      async redirectFor(pathname: string, site: SiteId): Promise<Redirect | null> {
        const table = await remember(`redirects:${site}`, async () => {
          const rows = await db
            .select()
            .from(urlRedirects)
            .where(inArray(urlRedirects.site, [site, "both"]));
          const map = new Map<string, Redirect & { site: string }>();
          for (const r of rows) {
            const have = map.get(r.source);
            if (!have || have.site === "both") map.set(r.source, { target: r.target, permanent: r.permanent, site: r.site });
          }
          return map;
        });
        const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
        const hit = table.get(path) ?? table.get(path.toLowerCase());
        return hit ? { target: hit.target, permanent: hit.permanent } : null;
      },
    };
    return read;
  }

  const service = {
    ...reader((key, load) => cache.get(key, load)),

    /**
     * The same reads with one entry's draft in place of its published version, uncached: what a
     * signed preview link renders (server/http/content-preview.ts). Nothing else sees it.
     */
    previewing(overlay: ContentOverlay) {
      return { ...service, ...reader((_key, load) => load(), overlay) };
    },

    /** The same reads, telling `shown` the ids of the entries each one looked at (what a kept page shows). */
    recording(shown: (ids: readonly number[]) => void) {
      return { ...service, ...reader((key, load) => cache.get(key, load), undefined, shown) };
    },

    /** The console's writes: drafts, publishing, archiving and redirects (editing.ts); each clears this cache. */
    editor: createContentEditor(db, () => cache.clear()),

    /**
     * Loads validated entries and redirects in one transaction: upsert by type, key and site (and
     * redirects by source and site). All or nothing. Clears the cache.
     */
    async importContent(entries: ContentEntryInput[], redirects: RedirectInput[]): Promise<{ entries: number; redirects: number }> {
      await importInto(db, entries, redirects);
      cache.clear();
      return { entries: entries.length, redirects: redirects.length };
    },

    invalidate() {
      cache.clear();
    },

    /** How many reads are cached now (bounded by maxCacheEntries). */
    cachedEntries(): number {
      return cache.size;
    },
  };
  return service;
}

export type ContentService = ReturnType<typeof createContentService>;

/** The transaction itself; also used by the first-start seed inside its own transaction. */
export async function importInto(db: Db, entries: ContentEntryInput[], redirects: RedirectInput[]): Promise<void> {
  const run = async (tx: Db) => {
    for (const e of entries) {
      await tx
        .insert(contentEntries)
        .values({ type: e.type, key: e.key, site: e.site, status: e.status, body: e.body })
        .onConflictDoUpdate({
          target: [contentEntries.type, contentEntries.key, contentEntries.site],
          set: { status: e.status, body: e.body, updatedAt: sql`now()` },
        });
    }
    for (const r of redirects) {
      await tx
        .insert(urlRedirects)
        .values(r)
        .onConflictDoUpdate({
          target: [urlRedirects.source, urlRedirects.site],
          set: { target: r.target, permanent: r.permanent, updatedAt: sql`now()` },
        });
    }
  };
  await db.transaction((tx) => run(tx as unknown as Db));
}
