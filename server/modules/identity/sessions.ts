import { and, eq, sql } from "drizzle-orm";
import type { SiteId } from "../../../rules/shared/site";
import type { Db } from "../../db/client";
import type { CustomerSummary, SessionInfo, SignedIn } from "./results";
import { customerSummaryColumns, customers, sessions, type SessionEndReason } from "./schema";
import { hashToken, looksLikeToken, newToken } from "./tokens";

// Sessions (ADR 0003): random tokens stored as their SHA-256. The idle timeout is the inactivity
// setting (INACTIVITY_SECONDS, SPEC §4) plus a short grace, so the server does not keep a session
// alive for weeks while the browser warns after half an hour; the absolute maximum stays 30 days.

export const SESSION_MAX_MS = 30 * 24 * 3600_000;
/**
 * Time to answer the inactivity warning: the browser warns after INACTIVITY_SECONDS without
 * activity, and its Continue must still find the session alive.
 */
export const SESSION_IDLE_GRACE_MS = 2 * 60_000;
/** lastSeenAt is written at most this often, not on every request; kept well under the grace. */
export const TOUCH_EVERY_MS = 60_000;

/** Server-side idle timeout for an inactivity setting in seconds. */
export const sessionIdleMs = (inactivitySeconds: number) => inactivitySeconds * 1000 + SESSION_IDLE_GRACE_MS;
/** The default inactivity setting's (1800 s) idle timeout. */
export const DEFAULT_SESSION_IDLE_MS = sessionIdleMs(1800);

export function createSessions(db: Db, options: { clock: () => Date; idleMs?: number }) {
  const { clock } = options;
  const idleMs = options.idleMs ?? DEFAULT_SESSION_IDLE_MS;

  /**
   * The live session a token belongs to and its customer, in one query. `site`: a session is good on
   * its account's site only; given one, another site's session is none.
   */
  async function resolveSignedIn(token: string | null | undefined, site?: SiteId): Promise<{ session: SessionInfo; customer: CustomerSummary } | null> {
    if (!looksLikeToken(token)) return null;
    const now = clock();
    const [found] = await db
      .select({
        session: sessions,
        customer: customerSummaryColumns,
      })
      .from(sessions)
      .innerJoin(customers, eq(customers.id, sessions.customerId))
      .where(eq(sessions.tokenHash, hashToken(token)));
    const row = found?.session;
    if (!row || (site && found.customer.site !== site)) return null;
    const hardEnd = row.createdAt.getTime() + SESSION_MAX_MS;
    // The idle rule is also checked against the last activity itself, so a session stored with a
    // longer idle timeout (an older setting) ends by today's one.
    const idleEnd = row.lastSeenAt.getTime() + idleMs;
    if (row.expiresAt <= now || hardEnd <= now.getTime() || idleEnd <= now.getTime()) {
      await db.delete(sessions).where(eq(sessions.id, row.id));
      return null;
    }
    let expiresAt = row.expiresAt;
    if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      expiresAt = new Date(Math.min(hardEnd, now.getTime() + idleMs));
      await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, row.id));
    }
    const session = { sessionId: row.id, customerId: row.customerId, expiresAt, createdAt: row.createdAt, site: found.customer.site };
    return { session, customer: found.customer };
  }

  async function resolve(token: string | null | undefined, site?: SiteId): Promise<SessionInfo | null> {
    return (await resolveSignedIn(token, site))?.session ?? null;
  }

  return {
    idleMs,

    /** A new session (new token) for the customer, inside the caller's transaction when given one. */
    async start(conn: Db, customerId: string): Promise<SignedIn> {
      const token = newToken();
      const now = clock();
      const expiresAt = new Date(now.getTime() + idleMs);
      await conn.insert(sessions).values({ tokenHash: hashToken(token), customerId, createdAt: now, lastSeenAt: now, expiresAt });
      return { ok: true, token, customerId, expiresAt };
    },

    /** Ends the session on the server. The reason is for the log only. */
    async signOut(token: string | null | undefined, _reason: SessionEndReason = "sign_out"): Promise<boolean> {
      if (!looksLikeToken(token)) return false;
      const ended = await db
        .delete(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)))
        .returning({ id: sessions.id });
      return ended.length > 0;
    },

    /** The live session a token belongs to, or null; keeps a used session alive (sliding expiry). */
    resolveSession: resolve,
    /** The same, with the customer it signs in (what a request's identity needs, in one query). */
    resolveSignedIn,

    /** SPEC §4 refresh-session-token: with force, the session gets a new token and the old one stops working. */
    async refreshSession(token: string, force: boolean): Promise<{ ok: true; token: string; expiresAt: Date; customerId: string } | null> {
      const session = await resolve(token);
      if (!session) return null;
      const now = clock();
      const expiresAt = new Date(Math.min(session.createdAt.getTime() + SESSION_MAX_MS, now.getTime() + idleMs));
      if (!force) {
        await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, session.sessionId));
        return { ok: true, token, expiresAt, customerId: session.customerId };
      }
      const next = newToken();
      const updated = await db
        .update(sessions)
        .set({ tokenHash: hashToken(next), lastSeenAt: now, expiresAt })
        .where(and(eq(sessions.id, session.sessionId), eq(sessions.tokenHash, hashToken(token))))
        .returning({ id: sessions.id });
      // Another refresh rotated it first: this token is no longer valid.
      if (updated.length === 0) return null;
      return { ok: true, token: next, expiresAt, customerId: session.customerId };
    },

    /** Ends every session of the customer (password reset), or every one but `keepSessionId` (password change). */
    async endAll(conn: Db, customerId: string, keepSessionId?: string): Promise<void> {
      await conn
        .delete(sessions)
        .where(keepSessionId ? and(eq(sessions.customerId, customerId), sql`${sessions.id} <> ${keepSessionId}`) : eq(sessions.customerId, customerId));
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
