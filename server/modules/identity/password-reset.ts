import { and, eq, gt, sql } from "drizzle-orm";
import type { SiteId } from "../../../rules/shared/site";
import type { Db } from "../../db/client";
import type { RateLimitService } from "../rate-limit";
import { hashPassword, type ScryptParams } from "./password";
import type { Failure } from "./results";
import { customers, passwordResets } from "./schema";
import type { Sessions } from "./sessions";
import { hashToken, looksLikeToken, newToken } from "./tokens";

// Password reset: a single-use token valid one hour, stored hashed. The token is checked before
// the new password is hashed, and every try is rate-limited, so invalid links cost no scrypt work.

export const RESET_VALID_MS = 3600_000;

const INVALID_TOKEN = {
  ok: false as const,
  code: "INVALID_TOKEN" as const,
  field: "token",
  message: "This reset link has expired or was already used. Ask for a new one.",
};

export function createPasswordReset(db: Db, deps: { sessions: Sessions; rateLimit: RateLimitService; clock: () => Date; scrypt: ScryptParams }) {
  const { sessions, rateLimit, clock } = deps;

  return {
    /**
     * Starts a reset when the address has an account. The caller answers the same either way;
     * `sendLink` is called only for a real account.
     */
    async requestPasswordReset(
      email: string,
      ip: string | null,
      sendLink: (to: { email: string; firstName: string }, token: string) => Promise<unknown>,
      site: SiteId = "d2c",
    ): Promise<{ ok: true } | Failure<"RATE_LIMITED">> {
      const attempt = await rateLimit.take("forgot_password", `email:${email}`, ip);
      if (!attempt.ok) return { ok: false, code: "RATE_LIMITED", message: attempt.message };
      const [row] = await db
        .select({ id: customers.id, email: customers.email, firstName: customers.firstName })
        .from(customers)
        .where(and(eq(customers.site, site), eq(customers.email, email)));
      if (!row) return { ok: true };
      const token = newToken();
      await db
        .insert(passwordResets)
        .values({ tokenHash: hashToken(token), customerId: row.id, expiresAt: new Date(clock().getTime() + RESET_VALID_MS), createdAt: clock() });
      await sendLink(row, token);
      return { ok: true };
    },

    /** Uses a reset token once; sets the password and ends every session of the account. */
    async resetPassword(
      token: string,
      password: string,
      ip: string | null = null,
    ): Promise<{ ok: true; customerId: string } | Failure<"INVALID_TOKEN" | "RATE_LIMITED">> {
      if (!looksLikeToken(token)) return INVALID_TOKEN;
      const tokenHash = hashToken(token);
      const attempt = await rateLimit.take("reset_password", `token:${tokenHash}`, ip);
      if (!attempt.ok) return { ok: false, code: "RATE_LIMITED", message: attempt.message, field: "form" };
      const live = and(eq(passwordResets.tokenHash, tokenHash), sql`${passwordResets.usedAt} is null`, gt(passwordResets.expiresAt, clock()));
      // No hashing for a link that cannot be used.
      const [valid] = await db.select({ id: passwordResets.id }).from(passwordResets).where(live);
      if (!valid) return INVALID_TOKEN;
      const passwordHash = await hashPassword(password, deps.scrypt);
      const now = clock();
      return db.transaction(async (tx) => {
        // One statement claims the token: two concurrent uses cannot both succeed.
        const [used] = await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.tokenHash, tokenHash), sql`${passwordResets.usedAt} is null`, gt(passwordResets.expiresAt, now)))
          .returning({ customerId: passwordResets.customerId });
        if (!used) return INVALID_TOKEN;
        await tx.update(customers).set({ passwordHash, updatedAt: now }).where(eq(customers.id, used.customerId));
        await sessions.endAll(tx, used.customerId);
        await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.customerId, used.customerId), sql`${passwordResets.usedAt} is null`));
        return { ok: true as const, customerId: used.customerId };
      });
    },
  };
}
