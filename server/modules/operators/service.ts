import { and, count, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import {
  isOperatorRole,
  OPERATOR_SESSION_ABSOLUTE_MS,
  OPERATOR_SESSION_IDLE_MS,
  OPERATOR_SETUP_LINK_MS,
  type OperatorRole,
} from "../../../rules/console/operator-roles";
import { isUuid } from "../../../rules/shared/ids";
import type { Db } from "../../db/client";
import { hashPassword, verifyPassword } from "../identity";
import { hashToken, looksLikeToken, newToken } from "../identity";
import type { RateLimitService } from "../rate-limit";
import { auditLog, operators, operatorSessions, operatorSetupLinks } from "./schema";
import { acceptedStep, newTotpSecret, otpauthUri } from "./totp";

// The operator console's people: setup links (the first owner, then colleagues), sign-in with the
// customers' KDF and rate limit and an optional second factor (TOTP), sessions (8 h absolute,
// 30 min idle, token hashed at rest), and the audit log every console write goes through.
//
// Setup links, the one way in without a password:
// 1. A new link for an address revokes the older unused ones for it (the first owner's links name
//    no address: a new one revokes the older ones of its kind), so only the last link logged or
//    printed works.
// 2. A link creates or resets only the operator it was issued for. The first owner's link (no
//    address) creates a new operator while there is none, never takes over an existing one.
// 3. A reset (a link for an existing operator's address: lost password or authenticator) ends
//    every session of that operator.
// 4. The link is checked, and the try counted (RATE_LIMITS.operator_setup), before the password is
//    hashed: a flood of made-up links costs no scrypt work.

export type Operator = { id: string; email: string; name: string; role: OperatorRole };
export type AuditEntry = typeof auditLog.$inferSelect;
export type AuditInput = {
  operator: Pick<Operator, "id" | "email">;
  action: string;
  targetType: string;
  targetId: string;
  outcome: "ok" | "denied" | "failed";
  before?: unknown;
  after?: unknown;
};

type Deps = { rateLimit: RateLimitService; clock?: () => Date };

const normEmail = (e: string) => e.trim().toLowerCase();
const CURRENT_CODE_NEEDED = "Enter the current code from your app to replace it.";
const SETUP_LINK_SPENT = "This setup link has expired or was already used. Ask for a new one.";
const DUMMY_HASH = "scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA";
/** Between the password and the authenticator's code: at most this long. */
const SECOND_FACTOR_WINDOW_MS = 5 * 60_000;

export function createOperatorsService(db: Db, deps: Deps) {
  const clock = deps.clock ?? (() => new Date());

  async function audit(entry: AuditInput, conn: Db = db) {
    await conn.insert(auditLog).values({
      operatorId: entry.operator.id || null,
      operatorEmail: entry.operator.email,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      outcome: entry.outcome,
      before: entry.before ?? null,
      after: entry.after ?? null,
      at: clock(),
    });
  }

  async function startSession(operatorId: string, secondFactorPending = false): Promise<string> {
    const token = newToken();
    const now = clock();
    await db.insert(operatorSessions).values({
      tokenHash: hashToken(token),
      operatorId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + (secondFactorPending ? SECOND_FACTOR_WINDOW_MS : OPERATOR_SESSION_ABSOLUTE_MS)),
      secondFactorPending,
    });
    return token;
  }

  /** A live session's operator row, whether its second factor is still to come or done. */
  async function sessionOperator(token: string, secondFactorPending: boolean) {
    if (!looksLikeToken(token)) return null;
    const now = clock();
    const [row] = await db
      .update(operatorSessions)
      .set({ lastSeenAt: now })
      .where(
        and(
          eq(operatorSessions.tokenHash, hashToken(token)),
          eq(operatorSessions.secondFactorPending, secondFactorPending),
          gt(operatorSessions.expiresAt, now),
          gt(operatorSessions.lastSeenAt, new Date(now.getTime() - OPERATOR_SESSION_IDLE_MS)),
        ),
      )
      .returning({ operatorId: operatorSessions.operatorId });
    if (!row) return null;
    const [op] = await db
      .select()
      .from(operators)
      .where(and(eq(operators.id, row.operatorId), eq(operators.active, true)));
    return op && isOperatorRole(op.role) ? op : null;
  }
  /**
   * A setup link while it is unused and unexpired; a first owner's link (no address) only while no
   * operator exists.
   */
  async function liveSetupLink(conn: Db, token: string): Promise<{ email: string; role: OperatorRole; createdBy: string } | null> {
    if (!looksLikeToken(token)) return null;
    const [row] = await conn
      .select()
      .from(operatorSetupLinks)
      .where(and(eq(operatorSetupLinks.tokenHash, hashToken(token)), isNull(operatorSetupLinks.usedAt), gt(operatorSetupLinks.expiresAt, clock())));
    if (!row || !isOperatorRole(row.role)) return null;
    if (!row.email && (await conn.select({ n: count() }).from(operators))[0].n > 0) return null;
    return { email: row.email, role: row.role, createdBy: row.createdBy };
  }

  const operatorOf = (op: typeof operators.$inferSelect & { role: OperatorRole }): Operator => ({ id: op.id, email: op.email, name: op.name, role: op.role });

  /**
   * Accepts `code` for the operator once (the operator's row locked, so two requests with one code
   * cannot both pass), then runs `then` in the same transaction. `secret` picks the confirmed or
   * the pending one (enrolment).
   */
  async function useCode(
    operatorId: string,
    code: string,
    secret: "totpSecret" | "totpPendingSecret",
    then: (tx: Db, step: number) => Promise<void>,
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [op] = await tx.select().from(operators).where(eq(operators.id, operatorId)).for("update");
      const key = op?.[secret];
      // A new secret's first code is checked on its own: the current secret's last code (typed a
      // moment earlier to ask for the replacement) says nothing about it.
      const step = key ? acceptedStep(key, code, clock(), secret === "totpSecret" ? op.totpLastStep : null) : null;
      if (step === null) return false;
      await tx.update(operators).set({ totpLastStep: step }).where(eq(operators.id, operatorId));
      await then(tx, step);
      return true;
    });
  }

  return {
    audit,

    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(operators);
      return row.n;
    },

    /** A one-time link's token for creating an operator with this e-mail (empty: chosen at setup, the first owner's) and role (24 hours). */
    async issueSetupLink(p: { email: string; role: OperatorRole; createdBy: string }): Promise<{ token: string; expiresAt: Date }> {
      const token = newToken();
      const now = clock();
      const expiresAt = new Date(now.getTime() + OPERATOR_SETUP_LINK_MS);
      const email = normEmail(p.email);
      await db.transaction(async (tx) => {
        // One issuer per address at a time, so two links issued at once cannot both stay live.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`setup-links:${email}`}, 0))`);
        // The older links for this address (or, for the first owner's, the older first-owner links) stop working.
        await tx
          .update(operatorSetupLinks)
          .set({ expiresAt: now })
          .where(and(eq(operatorSetupLinks.email, email), isNull(operatorSetupLinks.usedAt), gt(operatorSetupLinks.expiresAt, now)));
        await tx.insert(operatorSetupLinks).values({ tokenHash: hashToken(token), email, role: p.role, createdBy: p.createdBy, expiresAt });
      });
      return { token, expiresAt };
    },

    /** What a setup link is for, while it is unused and unexpired; null otherwise. */
    async setupLink(token: string): Promise<{ email: string; role: OperatorRole } | null> {
      const link = await liveSetupLink(db, token);
      return link ? { email: link.email, role: link.role } : null;
    },

    /**
     * Uses a setup link: creates the operator it was issued for (or, for an address that has one,
     * sets a new password and the link's role, clears the second factor and ends their sessions)
     * and signs them in. The link is spent in the same transaction, once.
     */
    async completeSetup(
      token: string,
      p: { name: string; password: string; email?: string },
      ip: string | null = null,
    ): Promise<
      | { ok: true; operator: Operator; sessionToken: string }
      | { ok: false; code: "INVALID_LINK" | "RATE_LIMITED" | "EMAIL_REQUIRED"; field: string; message: string }
    > {
      if (!looksLikeToken(token)) return { ok: false, code: "INVALID_LINK", field: "token", message: "This setup link is not valid. Ask for a new one." };
      const attempt = await deps.rateLimit.take("operator_setup", `setup:${hashToken(token)}`, ip);
      if (!attempt.ok) return { ok: false, code: "RATE_LIMITED", field: "form", message: attempt.message };
      const link = await liveSetupLink(db, token);
      if (!link) return { ok: false, code: "INVALID_LINK", field: "token", message: SETUP_LINK_SPENT };
      const email = link.email || normEmail(p.email ?? "");
      if (!email) return { ok: false, code: "EMAIL_REQUIRED", field: "email", message: "Enter a valid e-mail" };
      // Only now, for a link that can be used, the slow hash.
      const passwordHash = await hashPassword(p.password);
      const created = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(operatorSetupLinks)
          .set({ usedAt: clock() })
          .where(and(eq(operatorSetupLinks.tokenHash, hashToken(token)), isNull(operatorSetupLinks.usedAt), gt(operatorSetupLinks.expiresAt, clock())))
          .returning();
        if (!claimed || !isOperatorRole(claimed.role)) return null;
        let row: typeof operators.$inferSelect | undefined;
        if (!claimed.email) {
          // The first owner's link: a new operator while there is none, never someone else's account.
          if ((await tx.select({ n: count() }).from(operators))[0].n > 0) return null;
          [row] = await tx.insert(operators).values({ email, name: p.name, role: claimed.role, passwordHash }).onConflictDoNothing().returning();
        } else {
          [row] = await tx
            .insert(operators)
            .values({ email, name: p.name, role: claimed.role, passwordHash })
            // An operator locked out (password or authenticator lost) gets back in this way: both are
            // reset, and whoever holds one of their sessions is out.
            .onConflictDoUpdate({
              target: operators.email,
              set: { name: p.name, role: claimed.role, passwordHash, active: true, totpSecret: null, totpPendingSecret: null },
            })
            .returning();
          if (row) await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, row.id));
        }
        if (!row) return null;
        await audit(
          {
            operator: { id: row.id, email: row.email },
            action: "operator.setup",
            targetType: "operator",
            targetId: row.id,
            outcome: "ok",
            after: { role: row.role, createdBy: claimed.createdBy },
          },
          tx,
        );
        return row;
      });
      if (!created) return { ok: false, code: "INVALID_LINK", field: "token", message: SETUP_LINK_SPENT };
      await deps.rateLimit.forget("operator_setup", `setup:${hashToken(token)}`, attempt.ids);
      const operator = { id: created.id, email: created.email, name: created.name, role: created.role };
      return { ok: true, operator, sessionToken: await startSession(created.id) };
    },

    /** Sign-in with the customers' KDF and rate limit (per e-mail and client IP); an unknown e-mail costs a hash too. */
    /**
     * Sign-in, step one. With a second factor, the session it starts opens nothing until
     * `completeSecondFactor` (5 minutes at most).
     */
    async signIn(
      emailInput: string,
      password: string,
      ip: string | null,
    ): Promise<
      { ok: true; operator: Operator; sessionToken: string; secondFactor: boolean } | { ok: false; code: "INVALID" | "RATE_LIMITED"; message: string }
    > {
      const email = normEmail(emailInput);
      const attempt = await deps.rateLimit.take("sign_in", `operator:${email}`, ip);
      if (!attempt.ok) return { ok: false, code: "RATE_LIMITED", message: attempt.message };
      const [row] = await db.select().from(operators).where(eq(operators.email, email));
      const good = await verifyPassword(password, row?.passwordHash ?? DUMMY_HASH);
      if (!row || !good || !row.active || !isOperatorRole(row.role)) return { ok: false, code: "INVALID", message: "E-mail or password is not right." };
      await deps.rateLimit.forget("sign_in", `operator:${email}`, attempt.ids);
      const secondFactor = row.totpSecret !== null;
      return {
        ok: true,
        operator: { id: row.id, email: row.email, name: row.name, role: row.role },
        sessionToken: await startSession(row.id, secondFactor),
        secondFactor,
      };
    },

    /** The operator whose sign-in waits for the authenticator's code (null: no such session). */
    async pendingSecondFactor(token: string): Promise<Operator | null> {
      const op = await sessionOperator(token, true);
      return op ? operatorOf(op) : null;
    },

    /**
     * Sign-in, step two: the code from the authenticator app (rate-limited like passwords) turns
     * the pending session into a full one.
     */
    async completeSecondFactor(
      token: string,
      code: string,
      ip: string | null,
    ): Promise<{ ok: true; operator: Operator } | { ok: false; code: "INVALID" | "RATE_LIMITED" | "EXPIRED"; message: string }> {
      const op = await sessionOperator(token, true);
      if (!op) return { ok: false, code: "EXPIRED", message: "Sign in again." };
      const attempt = await deps.rateLimit.take("sign_in", `operator-code:${op.id}`, ip);
      if (!attempt.ok) return { ok: false, code: "RATE_LIMITED", message: attempt.message };
      const now = clock();
      const accepted = await useCode(op.id, code, "totpSecret", async (tx) => {
        await tx
          .update(operatorSessions)
          .set({ secondFactorPending: false, lastSeenAt: now, expiresAt: new Date(now.getTime() + OPERATOR_SESSION_ABSOLUTE_MS) })
          .where(eq(operatorSessions.tokenHash, hashToken(token)));
      });
      if (!accepted) return { ok: false, code: "INVALID", message: "That code is not right, or was already used. Enter the current code from your app." };
      await deps.rateLimit.forget("sign_in", `operator-code:${op.id}`, attempt.ids);
      return { ok: true, operator: operatorOf(op) };
    },

    /** Whether the operator signs in with a second factor. */
    async hasSecondFactor(operatorId: string): Promise<boolean> {
      const [op] = await db.select({ secret: operators.totpSecret }).from(operators).where(eq(operators.id, operatorId));
      return Boolean(op?.secret);
    },

    /**
     * Enrolment, step one: a new secret to add to an authenticator app (replacing one not yet
     * confirmed). Replacing a confirmed second factor takes a current code from it: a session left
     * open is not enough to move the second factor to someone else's phone.
     */
    async beginSecondFactor(
      operator: Operator,
      issuer: string,
      currentCode = "",
    ): Promise<{ ok: true; secret: string; uri: string } | { ok: false; code: "CODE_REQUIRED"; message: string }> {
      const secret = newTotpSecret();
      const uri = otpauthUri(issuer, operator.email, secret);
      // No second factor yet: nothing to prove.
      const [first] = await db
        .update(operators)
        .set({ totpPendingSecret: secret })
        .where(and(eq(operators.id, operator.id), isNull(operators.totpSecret)))
        .returning({ id: operators.id });
      if (first) return { ok: true, secret, uri };
      const accepted = await useCode(operator.id, currentCode, "totpSecret", async (tx) => {
        await tx.update(operators).set({ totpPendingSecret: secret }).where(eq(operators.id, operator.id));
        await audit({ operator, action: "operator.second_factor_replace", targetType: "operator", targetId: operator.id, outcome: "ok" }, tx);
      });
      return accepted ? { ok: true, secret, uri } : { ok: false, code: "CODE_REQUIRED", message: CURRENT_CODE_NEEDED };
    },

    /** Enrolment, step two: a code from the app proves it holds the secret; from now on sign-in asks for one. */
    async confirmSecondFactor(operator: Operator, code: string): Promise<boolean> {
      const done = await useCode(operator.id, code, "totpPendingSecret", async (tx) => {
        await tx
          .update(operators)
          .set({ totpSecret: sql`${operators.totpPendingSecret}`, totpPendingSecret: null })
          .where(eq(operators.id, operator.id));
        await audit({ operator, action: "operator.second_factor_on", targetType: "operator", targetId: operator.id, outcome: "ok" }, tx);
      });
      return done;
    },

    /** Turning the second factor off takes a current code too (a session left open is not enough). */
    async removeSecondFactor(operator: Operator, code: string): Promise<boolean> {
      return useCode(operator.id, code, "totpSecret", async (tx) => {
        await tx.update(operators).set({ totpSecret: null, totpPendingSecret: null }).where(eq(operators.id, operator.id));
        await audit({ operator, action: "operator.second_factor_off", targetType: "operator", targetId: operator.id, outcome: "ok" }, tx);
      });
    },

    /** The operator behind a session token: alive (8 h absolute, 30 min idle) and active; each use moves the idle clock. */
    async resolveSession(token: string): Promise<Operator | null> {
      const op = await sessionOperator(token, false);
      return op ? operatorOf(op) : null;
    },

    async endSession(token: string): Promise<void> {
      if (looksLikeToken(token)) await db.delete(operatorSessions).where(eq(operatorSessions.tokenHash, hashToken(token)));
      await db.delete(operatorSessions).where(lt(operatorSessions.expiresAt, clock()));
    },

    async list(): Promise<(Operator & { active: boolean; createdAt: Date })[]> {
      const rows = await db.select().from(operators).orderBy(operators.email);
      return rows.flatMap((r) =>
        isOperatorRole(r.role) ? [{ id: r.id, email: r.email, name: r.name, role: r.role, active: r.active, createdAt: r.createdAt }] : [],
      );
    },

    /** Deactivates an operator (their sessions end at once); an owner cannot deactivate themselves. */
    async deactivate(id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      return db.transaction(async (tx) => {
        const [row] = await tx.update(operators).set({ active: false }).where(eq(operators.id, id)).returning({ id: operators.id });
        if (row) await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, id));
        return Boolean(row);
      });
    },

    /** Newest first, optionally for one operator or one target; `before` pages by id. */
    async auditEntries(p: { operatorEmail?: string; targetType?: string; targetId?: string; before?: number; limit?: number } = {}): Promise<AuditEntry[]> {
      return db
        .select()
        .from(auditLog)
        .where(
          and(
            p.operatorEmail ? eq(auditLog.operatorEmail, normEmail(p.operatorEmail)) : undefined,
            p.targetType ? eq(auditLog.targetType, p.targetType) : undefined,
            p.targetId ? eq(auditLog.targetId, p.targetId) : undefined,
            p.before ? lt(auditLog.id, p.before) : undefined,
          ),
        )
        .orderBy(desc(auditLog.id))
        .limit(Math.min(p.limit ?? 50, 200));
    },
  };
}

export type OperatorsService = ReturnType<typeof createOperatorsService>;
