import { createHash } from "node:crypto";
import { count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import {
  ERROR_LIMITS,
  ERROR_RETENTION,
  errorPurgeBefore,
  fingerprintText,
  scrubPersonalData,
  stripQuery,
  truncate,
  type ErrorSource,
} from "../../../rules/shared/error-reports";
import type { Db } from "../../db/client";
import { errorReports } from "./schema";
import type { StackMapper } from "./source-maps";

// The errors table (the offline error reporter when no SENTRY_DSN is set): one row per distinct
// error, counted, with first and last sighting. Everything is cleaned here, whoever calls: source
// maps applied, personal data scrubbed, lengths cut.

export type ErrorReport = {
  source: ErrorSource;
  /** The error's class, e.g. TypeError ("Error" when unknown). */
  type: string;
  message: string;
  stack?: string | null;
  /** The page or API path it happened on; a query string is dropped. */
  route?: string | null;
  /** The build id (release) that raised it. */
  release: string;
};

export type CleanReport = { source: ErrorSource; type: string; message: string; stack: string | null; route: string | null; release: string };

export type ErrorSort = "recent" | "frequent";

export type ErrorListRow = {
  id: number;
  source: ErrorSource;
  type: string;
  message: string;
  stack: string | null;
  route: string | null;
  release: string;
  firstRelease: string;
  count: number;
  firstSeen: Date;
  lastSeen: Date;
};

/** A report as it may be kept or sent anywhere: source-mapped, scrubbed, cut. */
export function cleanReport(report: ErrorReport, mapStack: StackMapper = (s) => s): CleanReport {
  const stack = report.stack ? truncate(scrubPersonalData(mapStack(report.stack)), ERROR_LIMITS.stack) : null;
  const route = report.route ? truncate(scrubPersonalData(stripQuery(report.route)), ERROR_LIMITS.route) : null;
  return {
    source: report.source,
    type: truncate(report.type.trim() || "Error", ERROR_LIMITS.type),
    message: truncate(scrubPersonalData(report.message).trim() || "(no message)", ERROR_LIMITS.message),
    stack,
    route,
    release: truncate(report.release || "unknown", 100),
  };
}

export const fingerprintOf = (report: CleanReport) => createHash("sha256").update(fingerprintText(report)).digest("hex");

export function createErrorsService(db: Db, options: { clock?: () => Date; mapStack?: StackMapper } = {}) {
  const clock = options.clock ?? (() => new Date());
  const mapStack = options.mapStack;

  return {
    /**
     * Keeps one occurrence: a new row, or the existing row of the same fingerprint counted up in the
     * same statement (INSERT … ON CONFLICT DO UPDATE), so concurrent reports of one error from any
     * number of processes make one row with the exact count.
     */
    async record(report: ErrorReport): Promise<{ id: number; count: number; fingerprint: string }> {
      const clean = cleanReport(report, mapStack);
      const fingerprint = fingerprintOf(clean);
      const now = clock();
      const [row] = await db
        .insert(errorReports)
        .values({ fingerprint, ...clean, firstRelease: clean.release, count: 1, firstSeen: now, lastSeen: now })
        .onConflictDoUpdate({
          target: errorReports.fingerprint,
          set: {
            count: sql`${errorReports.count} + 1`,
            lastSeen: sql`greatest(${errorReports.lastSeen}, excluded.last_seen)`,
            // The latest occurrence's details: its stack, page and build are the ones worth reading.
            message: sql`excluded.message`,
            stack: sql`excluded.stack`,
            route: sql`excluded.route`,
            release: sql`excluded.release`,
          },
        })
        .returning({ id: errorReports.id, count: errorReports.count });
      return { ...row, fingerprint };
    },

    /**
     * Retention: drops the errors last seen before the retention period, then all but the most
     * recently seen `ERROR_RETENTION.rows`; answers how many went. Idempotent, so every process may
     * run it (server/jobs/retention-purge.ts).
     */
    async purge(now: Date, keep: { days?: number; rows?: number } = {}): Promise<number> {
      const old = await db
        .delete(errorReports)
        .where(lt(errorReports.lastSeen, errorPurgeBefore(now, keep.days)))
        .returning({ id: errorReports.id });
      const pastTheKept = db
        .select({ id: errorReports.id })
        .from(errorReports)
        .orderBy(desc(errorReports.lastSeen), desc(errorReports.id))
        .offset(keep.rows ?? ERROR_RETENTION.rows);
      const beyond = await db.delete(errorReports).where(inArray(errorReports.id, pastTheKept)).returning({ id: errorReports.id });
      return old.length + beyond.length;
    },

    /** The recorded errors, newest sighting first or most frequent first, a page at a time. */
    async list(
      query: { sort?: ErrorSort; source?: ErrorSource | null; page?: number; perPage?: number } = {},
    ): Promise<{ rows: ErrorListRow[]; total: number; page: number; pages: number }> {
      const perPage = Math.min(Math.max(query.perPage ?? 50, 1), 500);
      const where = query.source ? eq(errorReports.source, query.source) : undefined;
      const [{ n }] = await db.select({ n: count() }).from(errorReports).where(where);
      const pages = Math.max(1, Math.ceil(n / perPage));
      const page = Math.min(Math.max(Math.trunc(query.page ?? 1), 1), pages);
      const order =
        query.sort === "frequent"
          ? [desc(errorReports.count), desc(errorReports.lastSeen), desc(errorReports.id)]
          : [desc(errorReports.lastSeen), desc(errorReports.id)];
      const rows = await db
        .select({
          id: errorReports.id,
          source: errorReports.source,
          type: errorReports.type,
          message: errorReports.message,
          stack: errorReports.stack,
          route: errorReports.route,
          release: errorReports.release,
          firstRelease: errorReports.firstRelease,
          count: errorReports.count,
          firstSeen: errorReports.firstSeen,
          lastSeen: errorReports.lastSeen,
        })
        .from(errorReports)
        .where(where)
        .orderBy(...order)
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { rows, total: n, page, pages };
    },
  };
}

export type ErrorsService = ReturnType<typeof createErrorsService>;
