import { and, eq } from "drizzle-orm";
import type { RegisterInput } from "../../../rules/account/forms";
import type { StaffRegisterInput } from "../../../rules/staff/roles";
import type { SiteId } from "../../../rules/shared/site";
import type { Db } from "../../db/client";
import type { RateLimitService } from "../rate-limit";
import { hashPassword, verifyPassword, type ScryptParams } from "./password";
import type { CustomerSummary, Failure, SignedIn } from "./results";
import { customerSummaryColumns, customers, staffProfiles } from "./schema";
import type { Sessions } from "./sessions";

// Accounts: registration, sign-in and password change. Every path that hashes or verifies a
// password (scrypt, deliberately slow) is behind a rate limit first, so a flood cannot stall
// everyone's sign-ins.

export const SIGN_IN_FAILED = "The email or password is incorrect.";

export type SignInResult = SignedIn | Failure<"INVALID_CREDENTIALS" | "RATE_LIMITED">;
export type RegisterResult = SignedIn | Failure<"EMAIL_TAKEN" | "RATE_LIMITED">;

export function createAccounts(db: Db, deps: { sessions: Sessions; rateLimit: RateLimitService; clock: () => Date; scrypt: ScryptParams }) {
  const { sessions, rateLimit, clock } = deps;
  // Verified against when the address is unknown, so both answers take as long.
  let dummyHash: Promise<string> | undefined;
  const dummy = () => (dummyHash ??= hashPassword("not-a-real-password-0", deps.scrypt));

  return {
    /**
     * A new account and its first session; RATE_LIMITS.register per address and per client IP. An
     * account belongs to one site: the same address may have a shop account and a staff account.
     * A staff account (site hpsf) is created with its staff profile (role, school, program terms).
     */
    async register(input: RegisterInput | StaffRegisterInput, site: SiteId, ip: string | null = null): Promise<RegisterResult> {
      if (site === "hpsf" && !("roleCode" in input)) throw new Error("a staff account needs the staff registration fields");
      const attempt = await rateLimit.take("register", `email:${input.email}`, ip);
      if (!attempt.ok) return { ok: false, code: "RATE_LIMITED", message: attempt.message, field: "form" };
      const passwordHash = await hashPassword(input.password, deps.scrypt);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(customers)
          .values({
            email: input.email,
            passwordHash,
            firstName: input.firstName,
            lastName: input.lastName,
            acceptsMarketing: input.acceptsMarketing,
            site,
          })
          .onConflictDoNothing({ target: [customers.site, customers.email] })
          .returning({ id: customers.id });
        if (!row)
          return {
            ok: false as const,
            code: "EMAIL_TAKEN" as const,
            field: "email",
            message: "An account with this email already exists. Log in or reset your password.",
          };
        if ("roleCode" in input)
          await tx.insert(staffProfiles).values({
            customerId: row.id,
            roleCode: input.roleCode,
            graduationYear: input.graduationYear,
            currentSchoolName: input.currentSchoolName,
            programTermsAcceptedAt: clock(),
          });
        return sessions.start(tx, row.id);
      });
    },

    /** A new session (new token) on every sign-in; the same answer for an unknown address and a wrong password. */
    async signIn(email: string, password: string, ip: string | null, site: SiteId = "d2c"): Promise<SignInResult> {
      const attempt = await rateLimit.take("sign_in", `email:${email}`, ip);
      if (!attempt.ok) return { ok: false, code: "RATE_LIMITED", message: attempt.message };
      const [row] = await db
        .select({ id: customers.id, passwordHash: customers.passwordHash })
        .from(customers)
        .where(and(eq(customers.site, site), eq(customers.email, email)));
      const valid = await verifyPassword(password, row?.passwordHash ?? (await dummy()));
      if (!row || !valid) return { ok: false, code: "INVALID_CREDENTIALS", message: SIGN_IN_FAILED };
      // Only failures count against the address.
      await rateLimit.forget("sign_in", `email:${email}`, attempt.ids);
      return sessions.start(db, row.id);
    },

    /** RATE_LIMITS.change_password per account and client IP: an open session cannot guess the current password at scrypt's cost. */
    async changePassword(
      customerId: string,
      current: string,
      next: string,
      keepSessionId: string,
      ip: string | null = null,
    ): Promise<{ ok: true } | Failure<"WRONG_PASSWORD" | "RATE_LIMITED">> {
      const attempt = await rateLimit.take("change_password", `customer:${customerId}`, ip);
      if (!attempt.ok) return { ok: false, code: "RATE_LIMITED", field: "currentPassword", message: attempt.message };
      const [row] = await db.select({ passwordHash: customers.passwordHash }).from(customers).where(eq(customers.id, customerId));
      if (!row || !(await verifyPassword(current, row.passwordHash)))
        return { ok: false, code: "WRONG_PASSWORD", field: "currentPassword", message: "Your current password is not correct." };
      await rateLimit.forget("change_password", `customer:${customerId}`, attempt.ids);
      const passwordHash = await hashPassword(next, deps.scrypt);
      await db.transaction(async (tx) => {
        await tx.update(customers).set({ passwordHash, updatedAt: clock() }).where(eq(customers.id, customerId));
        // Other devices signed in with the old password are signed out.
        await sessions.endAll(tx, customerId, keepSessionId);
      });
      return { ok: true };
    },

    /** The account of an address on a site, for operators' commands; null when there is none. */
    async findByEmail(email: string, site: SiteId): Promise<CustomerSummary | null> {
      const [row] = await db
        .select(customerSummaryColumns)
        .from(customers)
        .where(and(eq(customers.site, site), eq(customers.email, email.trim().toLowerCase())));
      return row ?? null;
    },

    async summary(customerId: string): Promise<CustomerSummary | null> {
      const [row] = await db.select(customerSummaryColumns).from(customers).where(eq(customers.id, customerId));
      return row ?? null;
    },
  };
}
