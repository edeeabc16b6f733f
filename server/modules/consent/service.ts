import { count, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { consentPurgeBefore, plausibleDecisionTime, truncateIp, type ConsentRecordInput } from "../../../rules/consent/decision-record";
import type { SiteId } from "../../../rules/shared/site";
import type { createRateLimitService } from "../rate-limit";
import { consentRecords } from "./schema";

// Proof of consent: the decisions of the privacy manager, kept 13 months then purged
// (server/jobs/retention-purge.ts runs the purge in every shop process).

export type RecordResult = { ok: true; id: string } | { ok: false; code: "RATE_LIMITED"; message: string };

export function createConsentService(db: Db, rateLimit: ReturnType<typeof createRateLimitService>, options: { clock?: () => Date } = {}) {
  const clock = options.clock ?? (() => new Date());
  return {
    /** Keeps one decision; rate-limited per browser id and per client IP. */
    async record(input: ConsentRecordInput, ctx: { site: SiteId; ip: string | null }): Promise<RecordResult> {
      const attempt = await rateLimit.take("consent", `browser:${input.anonymousId}`, ctx.ip);
      if (!attempt.ok) return { ok: false, code: "RATE_LIMITED", message: attempt.message };
      const now = clock();
      const [row] = await db
        .insert(consentRecords)
        .values({
          anonymousId: input.anonymousId,
          site: ctx.site,
          revision: input.revision,
          functional: input.categories.functional,
          advertising: input.categories.advertising,
          source: input.source,
          decidedAt: plausibleDecisionTime(input.decidedAt, now),
          ipPrefix: truncateIp(ctx.ip),
          recordedAt: now,
        })
        .returning({ id: consentRecords.id });
      return { ok: true, id: row.id };
    },

    /** Deletes the records older than the retention period; answers how many went. */
    async purge(now = clock()): Promise<number> {
      const gone = await db
        .delete(consentRecords)
        .where(lt(consentRecords.recordedAt, consentPurgeBefore(now)))
        .returning({ id: consentRecords.id });
      return gone.length;
    },

    /** The decisions of one browser, newest last (tests and an operator's answer to "prove it"). */
    async history(anonymousId: string) {
      return db.select().from(consentRecords).where(eq(consentRecords.anonymousId, anonymousId)).orderBy(consentRecords.recordedAt);
    },

    async total(): Promise<number> {
      const [{ n }] = await db.select({ n: count() }).from(consentRecords);
      return n;
    },
  };
}

export type ConsentService = ReturnType<typeof createConsentService>;
