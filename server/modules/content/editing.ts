import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/transaction";
import { safeSameSitePath } from "../../../rules/account/sign-in-redirect";
import { fieldErrors } from "../../../rules/shared/zod-errors";
import { contentEntries, urlRedirects } from "./schema";
import { BODY_SCHEMAS, CONTENT_SITES, CONTENT_TYPES, type ContentSite, type ContentStatus, type ContentType } from "./types";

// The console's side of the content module: entries listed, drafted, published and archived, and
// the redirects kept. The storefront reads only `body` of published rows (service.ts), so a draft
// lives in `draft_body` until it is published; archiving takes the entry off the shop. Every write
// runs in a transaction with the row (or, for redirects, the table) locked, and clears the
// in-process content cache; the tables' triggers tell every process's guest page cache (drizzle
// migration page_cache_invalidation).

export type EntryRow = typeof contentEntries.$inferSelect;

export const ENTRY_SORTS = ["key", "type", "status", "updated"] as const;
export type EntrySort = (typeof ENTRY_SORTS)[number];
export type SortDir = "asc" | "desc";

export type EntryListQuery = {
  type: ContentType | null;
  status: ContentStatus | null;
  q: string;
  sort: EntrySort;
  dir: SortDir;
  page: number;
  pageSize: number;
};

export type EntrySummary = {
  id: number;
  type: ContentType;
  key: string;
  site: ContentSite;
  status: ContentStatus;
  /** Unpublished changes wait in the draft. */
  hasDraft: boolean;
  title: string | null;
  updatedAt: Date;
};

/** What the console edits: the draft when there is one, else the published body. */
export const workingBody = (row: Pick<EntryRow, "body" | "draftBody">): unknown => row.draftBody ?? row.body;

/** Per-field messages keyed by the dotted path of the field ("sections.0.heading"). */
export type FieldErrors = Record<string, string>;

/** A body checked against its type's schema; the parsed form (defaults filled) is what is stored. */
export function validateBody(type: ContentType, body: unknown): { ok: true; body: unknown } | { ok: false; errors: FieldErrors } {
  const parsed = BODY_SCHEMAS[type].safeParse(body);
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}

export const newEntrySchema = z.object({
  type: z.enum(CONTENT_TYPES as [ContentType, ...ContentType[]], { error: "Choose a content type" }),
  key: z
    .string()
    .trim()
    .min(1, "Enter a key")
    .max(200)
    .regex(/^[a-z0-9][a-z0-9/-]*$/, "Lower-case letters, digits, dashes and slashes only"),
  site: z.enum(CONTENT_SITES, { error: "Choose a site" }),
});

/**
 * A redirect as the console takes it: the source is a path of this site (what the route-rule lookup
 * compares a request's path with: no query, no trailing slash), the target a same-site path. Both go
 * through the shop's one open-redirect rule (rules/account/sign-in-redirect.ts safeSameSitePath): "//evil",
 * "/\evil", "https://…" and their encoded forms are refused.
 */
export const consoleRedirectSchema = z
  .object({
    source: z
      .string()
      .trim()
      .max(500)
      .transform((s, ctx) => {
        const safe = safeSameSitePath(s);
        if (!safe || safe !== s || /[?#]/.test(s)) {
          ctx.addIssue({ code: "custom", message: "Enter a path on this site, like /old-page (no query, no other site)" });
          return z.NEVER;
        }
        return s.length > 1 ? s.replace(/\/+$/, "") : s;
      }),
    target: z
      .string()
      .trim()
      .max(2000)
      .transform((t, ctx) => {
        const safe = safeSameSitePath(t);
        if (!safe) {
          ctx.addIssue({ code: "custom", message: "Enter a path on this site, like /new-page (links to other sites are refused)" });
          return z.NEVER;
        }
        return safe;
      }),
    permanent: z.boolean().default(true),
    site: z.enum(CONTENT_SITES).default("both"),
  })
  .refine((r) => pathOf(r.target) !== r.source, { path: ["target"], message: "A page cannot redirect to itself" });
export type ConsoleRedirect = z.infer<typeof consoleRedirectSchema>;
export type RedirectRow = typeof urlRedirects.$inferSelect;

/** The path a target sends to, as the lookup would see it on arrival (query and trailing slash dropped). */
function pathOf(target: string): string {
  const p = target.split(/[?#]/, 1)[0]!;
  return p.length > 1 ? p.replace(/\/+$/, "") : p;
}

const sitesMeet = (a: ContentSite, b: ContentSite) => a === "both" || b === "both" || a === b;

/**
 * Whether adding `candidate` closes a loop: following targets from it through the other redirects
 * (those that apply on an overlapping site) comes back to a path already visited.
 */
export function closesLoop(candidate: ConsoleRedirect, others: Pick<RedirectRow, "source" | "target" | "site">[]): boolean {
  const relevant = others.filter((r) => sitesMeet(r.site, candidate.site));
  const next = (path: string) => relevant.find((r) => r.source === path || r.source === path.toLowerCase());
  const seen = new Set([candidate.source]);
  let at = pathOf(candidate.target);
  for (let hops = 0; hops <= relevant.length; hops++) {
    if (seen.has(at)) return true;
    seen.add(at);
    const rule = next(at);
    if (!rule) return false;
    at = pathOf(rule.target);
  }
  return true;
}

export const REDIRECT_SORTS = ["source", "target", "updated"] as const;
export type RedirectSort = (typeof REDIRECT_SORTS)[number];
export type RedirectListQuery = { q: string; sort: RedirectSort; dir: SortDir; page: number; pageSize: number };

type Failure = { ok: false; code: "NOT_FOUND" | "DUPLICATE" | "LOOP"; message: string };
type Invalid = { ok: false; code: "INVALID"; message: string; errors: FieldErrors };
const notFound: Failure = { ok: false, code: "NOT_FOUND", message: "No such entry." };

/** The state an audit entry records before and after a write. */
const snapshot = (row: EntryRow) => ({ status: row.status, body: row.body, draftBody: row.draftBody ?? null });

export function createContentEditor(db: Db, changed: () => void) {
  async function inTransaction<T>(run: (tx: Db) => Promise<T>): Promise<T> {
    const out = await db.transaction((tx) => run(tx as unknown as Db));
    changed();
    return out;
  }

  const lockEntry = async (tx: Db, id: number) => (await tx.select().from(contentEntries).where(eq(contentEntries.id, id)).for("update"))[0] ?? null;

  const entryOrder: Record<EntrySort, SQL> = {
    key: sql`${contentEntries.key}`,
    type: sql`${contentEntries.type}`,
    status: sql`${contentEntries.status}`,
    updated: sql`${contentEntries.updatedAt}`,
  };
  const redirectOrder: Record<RedirectSort, SQL> = {
    source: sql`${urlRedirects.source}`,
    target: sql`${urlRedirects.target}`,
    updated: sql`${urlRedirects.updatedAt}`,
  };

  const editor = {
    /** One page of entries, filtered, searched (key or any text of the working copy) and sorted, with the total: one query. */
    async list(q: EntryListQuery): Promise<{ rows: EntrySummary[]; total: number }> {
      const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db
        .select({
          id: contentEntries.id,
          type: contentEntries.type,
          key: contentEntries.key,
          site: contentEntries.site,
          status: contentEntries.status,
          hasDraft: sql<boolean>`${contentEntries.draftBody} is not null`,
          title: sql<
            string | null
          >`coalesce(${contentEntries.draftBody}, ${contentEntries.body}) ->> coalesce(case when ${contentEntries.type} = 'page' then 'title' end, 'heading')`,
          updatedAt: contentEntries.updatedAt,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(contentEntries)
        .where(
          and(
            q.type ? eq(contentEntries.type, q.type) : undefined,
            q.status ? eq(contentEntries.status, q.status) : undefined,
            q.q ? or(ilike(contentEntries.key, like), sql`coalesce(${contentEntries.draftBody}, ${contentEntries.body})::text ilike ${like}`) : undefined,
          ),
        )
        .orderBy(q.dir === "desc" ? desc(entryOrder[q.sort]) : asc(entryOrder[q.sort]), asc(contentEntries.id))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize);
      return {
        rows: rows.map(({ total: _total, ...r }) => ({ ...r, type: r.type as ContentType, hasDraft: Boolean(r.hasDraft) })),
        total: rows[0]?.total ?? (q.page > 1 ? await editor.count(q) : 0),
      };
    },

    /** The total alone, for a page past the end (no rows to carry it). */
    async count(q: Pick<EntryListQuery, "type" | "status">): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(contentEntries)
        .where(and(q.type ? eq(contentEntries.type, q.type) : undefined, q.status ? eq(contentEntries.status, q.status) : undefined));
      return row?.n ?? 0;
    },

    async get(id: number): Promise<EntryRow | null> {
      return (await db.select().from(contentEntries).where(eq(contentEntries.id, id)))[0] ?? null;
    },

    /** A new entry, as a draft (nothing on the shop until it is published). */
    async create(input: { type: ContentType; key: string; site: ContentSite; body: unknown }): Promise<{ ok: true; entry: EntryRow } | Failure | Invalid> {
      const valid = validateBody(input.type, input.body);
      if (!valid.ok) return { ok: false, code: "INVALID", message: "Some fields need attention.", errors: valid.errors };
      try {
        const entry = await inTransaction(async (tx) => {
          const [row] = await tx
            .insert(contentEntries)
            .values({ type: input.type, key: input.key, site: input.site, status: "draft", body: valid.body, draftBody: valid.body })
            .returning();
          return row!;
        });
        return { ok: true, entry };
      } catch (e) {
        if (isUniqueViolation(e)) return { ok: false, code: "DUPLICATE", message: "An entry of this type with this key and site exists already." };
        throw e;
      }
    },

    /** Keeps the edit as the entry's draft; the published body (what the shop shows) is untouched. */
    async saveDraft(id: number, body: unknown): Promise<{ ok: true; before: object; after: object; entry: EntryRow } | Failure | Invalid> {
      const current = await editor.get(id);
      if (!current) return notFound;
      const valid = validateBody(current.type as ContentType, body);
      if (!valid.ok) return { ok: false, code: "INVALID", message: "Some fields need attention.", errors: valid.errors };
      return inTransaction(async (tx) => {
        const row = await lockEntry(tx, id);
        if (!row) return notFound;
        const [entry] = await tx
          .update(contentEntries)
          .set({ draftBody: valid.body, updatedAt: sql`now()` })
          .where(eq(contentEntries.id, id))
          .returning();
        return { ok: true as const, before: snapshot(row), after: snapshot(entry!), entry: entry! };
      });
    },

    /** The draft (if any) becomes the live body and the entry is published. */
    async publish(id: number): Promise<{ ok: true; before: object; after: object; entry: EntryRow } | Failure | Invalid> {
      return inTransaction(async (tx) => {
        const row = await lockEntry(tx, id);
        if (!row) return notFound;
        // Checked again on the way out: a body edited by hand in the database is never published broken.
        const valid = validateBody(row.type as ContentType, workingBody(row));
        if (!valid.ok) return { ok: false as const, code: "INVALID" as const, message: "The draft has fields that need attention.", errors: valid.errors };
        const [entry] = await tx
          .update(contentEntries)
          .set({ status: "published", body: valid.body, draftBody: null, publishedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(contentEntries.id, id))
          .returning();
        return { ok: true as const, before: snapshot(row), after: snapshot(entry!), entry: entry! };
      });
    },

    /** Off the shop: the storefront answers as for a missing entry. The body stays, to publish again. */
    async archive(id: number): Promise<{ ok: true; before: object; after: object; entry: EntryRow } | Failure> {
      return inTransaction(async (tx) => {
        const row = await lockEntry(tx, id);
        if (!row) return notFound;
        const [entry] = await tx
          .update(contentEntries)
          .set({ status: "archived", updatedAt: sql`now()` })
          .where(eq(contentEntries.id, id))
          .returning();
        return { ok: true as const, before: { status: row.status }, after: { status: entry!.status }, entry: entry! };
      });
    },

    async listRedirects(q: RedirectListQuery): Promise<{ rows: RedirectRow[]; total: number }> {
      const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db
        .select({ redirect: urlRedirects, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(urlRedirects)
        .where(q.q ? or(ilike(urlRedirects.source, like), ilike(urlRedirects.target, like)) : undefined)
        .orderBy(q.dir === "desc" ? desc(redirectOrder[q.sort]) : asc(redirectOrder[q.sort]), asc(urlRedirects.id))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize);
      return { rows: rows.map((r) => r.redirect), total: rows[0]?.total ?? 0 };
    },

    async getRedirect(id: number): Promise<RedirectRow | null> {
      return (await db.select().from(urlRedirects).where(eq(urlRedirects.id, id)))[0] ?? null;
    },

    /**
     * Adds a redirect (id null) or changes one. The table is locked against other redirect writes for
     * the transaction: two editors adding A→B and B→A at once must not make a loop between them.
     */
    async saveRedirect(id: number | null, input: ConsoleRedirect): Promise<{ ok: true; before: RedirectRow | null; after: RedirectRow } | Failure> {
      try {
        return await inTransaction(async (tx) => {
          await tx.execute(sql`lock table ${urlRedirects} in share row exclusive mode`);
          const before = id === null ? null : ((await tx.select().from(urlRedirects).where(eq(urlRedirects.id, id)))[0] ?? null);
          if (id !== null && !before) return { ok: false as const, code: "NOT_FOUND" as const, message: "No such redirect." };
          const others = await tx
            .select({ source: urlRedirects.source, target: urlRedirects.target, site: urlRedirects.site })
            .from(urlRedirects)
            .where(id === null ? undefined : ne(urlRedirects.id, id));
          if (closesLoop(input, others)) return { ok: false as const, code: "LOOP" as const, message: "This redirect would send visitors round in a loop." };
          const values = { source: input.source, target: input.target, permanent: input.permanent, site: input.site, updatedAt: sql`now()` };
          const [after] =
            id === null
              ? await tx.insert(urlRedirects).values(values).returning()
              : await tx.update(urlRedirects).set(values).where(eq(urlRedirects.id, id)).returning();
          return { ok: true as const, before, after: after! };
        });
      } catch (e) {
        if (isUniqueViolation(e)) return { ok: false, code: "DUPLICATE", message: "This path already redirects on this site." };
        throw e;
      }
    },

    async deleteRedirect(id: number): Promise<{ ok: true; before: RedirectRow } | Failure> {
      return inTransaction(async (tx) => {
        const [before] = await tx.delete(urlRedirects).where(eq(urlRedirects.id, id)).returning();
        return before ? { ok: true as const, before } : { ok: false as const, code: "NOT_FOUND" as const, message: "No such redirect." };
      });
    },
  };
  return editor;
}

export type ContentEditor = ReturnType<typeof createContentEditor>;
