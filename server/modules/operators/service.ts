import { and, count, desc, eq, gt, isNull, lt } from "drizzle-orm";
import {
  isOperatorRole,
  OPERATOR_SESSION_ABSOLUTE_MS,
  OPERATOR_SESSION_IDLE_MS,
  OPERATOR_SETUP_LINK_MS,
  type OperatorRole,
} from "../../../rules/operator-roles";
import type { Db } from "../../db/client";
import { hashPassword, verifyPassword } from "../identity/password";
import { hashToken, looksLikeToken, newToken } from "../identity/tokens";
import type { RateLimitService } from "../rate-limit/service";
import { auditLog, operators, operatorSessions, operatorSetupLinks } from "./schema";

// The operator console's people: setup links (the first owner, then colleagues), sign-in with the
// customers' KDF and rate limit, sessions (8 h absolute, 30 min idle, token hashed at rest), and the
// audit log every console write goes through.

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
const DUMMY_HASH = "scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA";

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

  async function startSession(operatorId: string): Promise<string> {
    const token = newToken();
    const now = clock();
    await db.insert(operatorSessions).values({ tokenHash: hashToken(token), operatorId, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + OPERATOR_SESSION_ABSOLUTE_MS) });
    return token;
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
      const expiresAt = new Date(clock().getTime() + OPERATOR_SETUP_LINK_MS);
      await db.insert(operatorSetupLinks).values({ tokenHash: hashToken(token), email: normEmail(p.email), role: p.role, createdBy: p.createdBy, expiresAt });
      return { token, expiresAt };
    },

    /** What a setup link is for, while it is unused and unexpired; null otherwise. */
    async setupLink(token: string): Promise<{ email: string; role: OperatorRole } | null> {
      if (!looksLikeToken(token)) return null;
      const [row] = await db
        .select()
        .from(operatorSetupLinks)
        .where(and(eq(operatorSetupLinks.tokenHash, hashToken(token)), isNull(operatorSetupLinks.usedAt), gt(operatorSetupLinks.expiresAt, clock())));
      return row && isOperatorRole(row.role) ? { email: row.email, role: row.role } : null;
    },

    /**
     * Uses a setup link: creates the operator (or, for an e-mail that has one, sets a new password
     * and the link's role) and signs them in. The link is spent in the same transaction, once.
     */
    async completeSetup(token: string, p: { name: string; password: string; email?: string }): Promise<{ ok: true; operator: Operator; sessionToken: string } | { ok: false; field: string; message: string }> {
      if (!looksLikeToken(token)) return { ok: false, field: "token", message: "This setup link is not valid. Ask for a new one." };
      const passwordHash = await hashPassword(p.password);
      const created = await db.transaction(async (tx) => {
        const [link] = await tx
          .update(operatorSetupLinks)
          .set({ usedAt: clock() })
          .where(and(eq(operatorSetupLinks.tokenHash, hashToken(token)), isNull(operatorSetupLinks.usedAt), gt(operatorSetupLinks.expiresAt, clock())))
          .returning();
        if (!link || !isOperatorRole(link.role)) return null;
        const email = link.email || normEmail(p.email ?? "");
        if (!email) return null;
        const [row] = await tx
          .insert(operators)
          .values({ email, name: p.name, role: link.role, passwordHash })
          .onConflictDoUpdate({ target: operators.email, set: { name: p.name, role: link.role, passwordHash, active: true } })
          .returning();
        await audit({ operator: { id: row.id, email: row.email }, action: "operator.setup", targetType: "operator", targetId: row.id, outcome: "ok", after: { role: row.role, createdBy: link.createdBy } }, tx);
        return row;
      });
      if (!created) return { ok: false, field: "token", message: "This setup link has expired or was already used. Ask for a new one." };
      const operator = { id: created.id, email: created.email, name: created.name, role: created.role };
      return { ok: true, operator, sessionToken: await startSession(created.id) };
    },

    /** Sign-in with the customers' KDF and rate limit (per e-mail and client IP); an unknown e-mail costs a hash too. */
    async signIn(emailInput: string, password: string, ip: string | null): Promise<{ ok: true; operator: Operator; sessionToken: string } | { ok: false; code: "INVALID" | "RATE_LIMITED"; message: string }> {
      const email = normEmail(emailInput);
      const attempt = await deps.rateLimit.take("sign_in", `operator:${email}`, ip);
      if (!attempt.ok) return { ok: false, code: "RATE_LIMITED", message: attempt.message };
      const [row] = await db.select().from(operators).where(eq(operators.email, email));
      const good = await verifyPassword(password, row?.passwordHash ?? DUMMY_HASH);
      if (!row || !good || !row.active || !isOperatorRole(row.role)) return { ok: false, code: "INVALID", message: "E-mail or password is not right." };
      await deps.rateLimit.forget("sign_in", `operator:${email}`, attempt.ids);
      return { ok: true, operator: { id: row.id, email: row.email, name: row.name, role: row.role }, sessionToken: await startSession(row.id) };
    },

    /** The operator behind a session token: alive (8 h absolute, 30 min idle) and active; each use moves the idle clock. */
    async resolveSession(token: string): Promise<Operator | null> {
      if (!looksLikeToken(token)) return null;
      const now = clock();
      const [row] = await db
        .update(operatorSessions)
        .set({ lastSeenAt: now })
        .where(
          and(
            eq(operatorSessions.tokenHash, hashToken(token)),
            gt(operatorSessions.expiresAt, now),
            gt(operatorSessions.lastSeenAt, new Date(now.getTime() - OPERATOR_SESSION_IDLE_MS)),
          ),
        )
        .returning({ operatorId: operatorSessions.operatorId });
      if (!row) return null;
      const [op] = await db.select().from(operators).where(and(eq(operators.id, row.operatorId), eq(operators.active, true)));
      return op && isOperatorRole(op.role) ? { id: op.id, email: op.email, name: op.name, role: op.role } : null;
    },

    async endSession(token: string): Promise<void> {
      if (looksLikeToken(token)) await db.delete(operatorSessions).where(eq(operatorSessions.tokenHash, hashToken(token)));
      await db.delete(operatorSessions).where(lt(operatorSessions.expiresAt, clock()));
    },

    async list(): Promise<(Operator & { active: boolean; createdAt: Date })[]> {
      const rows = await db.select().from(operators).orderBy(operators.email);
      return rows.flatMap((r) => (isOperatorRole(r.role) ? [{ id: r.id, email: r.email, name: r.name, role: r.role, active: r.active, createdAt: r.createdAt }] : []));
    },

    /** Deactivates an operator (their sessions end at once); an owner cannot deactivate themselves. */
    async deactivate(id: string): Promise<boolean> {
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
