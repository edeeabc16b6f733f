import { and, asc, count, eq, gt, inArray, lt, notInArray, or, sql } from "drizzle-orm";
import type { AddressInput, ContactInput, ProfileInput, RegisterInput } from "../../../rules/account-forms";
import type { SiteId } from "../../../rules/site";
import type { Db } from "../../db/client";
import { DEFAULT_SCRYPT, hashPassword, verifyPassword, type ScryptParams } from "./password";
import {
  authAttempts,
  contactMessages,
  customerAddresses,
  customerMetafields,
  customers,
  passwordResets,
  sessions,
  type AttemptKind,
  type SessionEndReason,
} from "./schema";
import { hashToken, looksLikeToken, newToken } from "./tokens";
import { toCustomerView, type AddressRow, type CustomerView, type MetafieldRow } from "./view";

// Our own identity provider (SPEC §1 "identity provider", issue 5): accounts, sessions, password
// reset, rate limits, and the customer's profile, addresses and metafields. Business failures are
// typed results; every read or write of customer data is scoped by the customer id the caller
// proved with a session, so no function here can reach another customer's rows.

export const SESSION_IDLE_MS = 14 * 24 * 3600_000;
export const SESSION_MAX_MS = 30 * 24 * 3600_000;
/** lastSeenAt is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 5 * 60_000;
export const RESET_VALID_MS = 3600_000;

/**
 * Rate limits: counted attempts per window, per key (an e-mail address; a cart for card payments)
 * and per client IP.
 */
export const RATE_LIMITS: Record<AttemptKind, { windowMs: number; perKey: number; perIp: number }> = {
  // Failed sign-ins; a success clears the address's count.
  sign_in: { windowMs: 15 * 60_000, perKey: 5, perIp: 20 },
  // Every request counts: each one may send a mail.
  forgot_password: { windowMs: 15 * 60_000, perKey: 3, perIp: 10 },
  // Each contact message mails the shop and the sender: a flood would spam both.
  contact: { windowMs: 60 * 60_000, perKey: 5, perIp: 20 },
  // Every new card tried at checkout (issue 6): stops card testing through the shop's checkout.
  card_payment: { windowMs: 60 * 60_000, perKey: 10, perIp: 30 },
};

export const SIGN_IN_FAILED = "The email or password is incorrect.";
export const tooManyAttempts = (minutes: number) => `Too many attempts, try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;

export type Failure<C extends string> = { ok: false; code: C; message: string; field?: string };
export type SignedIn = { ok: true; token: string; customerId: string; expiresAt: Date };
export type SignInResult = SignedIn | Failure<"INVALID_CREDENTIALS" | "RATE_LIMITED">;
export type RegisterResult = SignedIn | Failure<"EMAIL_TAKEN">;
export type SessionInfo = { sessionId: string; customerId: string; expiresAt: Date; createdAt: Date };
export type CustomerSummary = { id: string; email: string; firstName: string; lastName: string };

export type IdentityOptions = { clock?: () => Date; scrypt?: ScryptParams };

export function createIdentityService(db: Db, options: IdentityOptions = {}) {
  const clock = options.clock ?? (() => new Date());
  const scryptParams = options.scrypt ?? DEFAULT_SCRYPT;
  // Verified against when the address is unknown, so both answers take as long.
  let dummyHash: Promise<string> | undefined;
  const dummy = () => (dummyHash ??= hashPassword("not-a-real-password-0", scryptParams));

  /**
   * Counts one attempt for each subject; refused when any subject is over its limit, with the
   * minutes until it is not. Inserting before counting keeps the limit under concurrent attempts:
   * every request sees its own row and all committed ones, so too many never pass together.
   */
  async function takeAttempt(kind: AttemptKind, key: string, ip: string | null) {
    const now = clock();
    const rule = RATE_LIMITS[kind];
    const since = new Date(now.getTime() - rule.windowMs);
    const subjects: [string, number][] = [[key, rule.perKey]];
    if (ip) subjects.push([`ip:${ip}`, rule.perIp]);
    await db.delete(authAttempts).where(and(eq(authAttempts.kind, kind), inArray(authAttempts.subject, subjects.map((s) => s[0])), lt(authAttempts.at, since)));
    const inserted = await db
      .insert(authAttempts)
      .values(subjects.map(([subject]) => ({ kind, subject, at: now })))
      .returning({ id: authAttempts.id });
    const ids = inserted.map((r) => r.id);
    let waitMs = 0;
    for (const [subject, limit] of subjects) {
      const where = and(eq(authAttempts.kind, kind), eq(authAttempts.subject, subject), gt(authAttempts.at, since));
      const [{ n }] = await db.select({ n: count() }).from(authAttempts).where(where);
      if (n <= limit) continue;
      // Without our own row there are n - 1 >= limit; the count falls below the limit once the
      // (n - 1 - limit + 1)-th oldest has left the window.
      const [oldest] = await db
        .select({ at: authAttempts.at })
        .from(authAttempts)
        .where(and(where, notInArray(authAttempts.id, ids)))
        .orderBy(asc(authAttempts.at))
        .offset(Math.max(0, n - 1 - limit))
        .limit(1);
      waitMs = Math.max(waitMs, oldest ? oldest.at.getTime() + rule.windowMs - now.getTime() : rule.windowMs);
    }
    if (waitMs > 0) {
      await db.delete(authAttempts).where(inArray(authAttempts.id, ids));
      return { ok: false as const, minutes: Math.max(1, Math.ceil(waitMs / 60_000)) };
    }
    return { ok: true as const, ids };
  }

  async function startSession(conn: Db, customerId: string): Promise<SignedIn> {
    const token = newToken();
    const now = clock();
    const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS);
    await conn.insert(sessions).values({ tokenHash: hashToken(token), customerId, createdAt: now, lastSeenAt: now, expiresAt });
    return { ok: true, token, customerId, expiresAt };
  }

  async function loadCustomer(conn: Db, customerId: string): Promise<CustomerView | null> {
    const [row] = await conn.select().from(customers).where(eq(customers.id, customerId));
    if (!row) return null;
    const [addresses, metafields] = await Promise.all([
      conn.select().from(customerAddresses).where(eq(customerAddresses.customerId, customerId)).orderBy(asc(customerAddresses.createdAt), asc(customerAddresses.id)),
      conn.select().from(customerMetafields).where(eq(customerMetafields.customerId, customerId)).orderBy(asc(customerMetafields.namespace), asc(customerMetafields.key)),
    ]);
    return toCustomerView(row, addresses as AddressRow[], metafields as MetafieldRow[]);
  }

  const addressValues = (a: AddressInput) => ({
    firstName: a.firstName,
    lastName: a.lastName,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    provinceCode: a.provinceCode,
    zip: a.zip,
    countryCode: a.countryCode,
    phone: a.phone,
  });

  return {
    async register(input: RegisterInput, site: SiteId): Promise<RegisterResult> {
      const passwordHash = await hashPassword(input.password, scryptParams);
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
          .onConflictDoNothing({ target: customers.email })
          .returning({ id: customers.id });
        if (!row) return { ok: false as const, code: "EMAIL_TAKEN" as const, field: "email", message: "An account with this email already exists. Log in or reset your password." };
        return startSession(tx, row.id);
      });
    },

    /** A new session (new token) on every sign-in; the same answer for an unknown address and a wrong password. */
    async signIn(email: string, password: string, ip: string | null): Promise<SignInResult> {
      const attempt = await takeAttempt("sign_in", `email:${email}`, ip);
      if (!attempt.ok) return { ok: false, code: "RATE_LIMITED", message: tooManyAttempts(attempt.minutes) };
      const [row] = await db.select({ id: customers.id, passwordHash: customers.passwordHash }).from(customers).where(eq(customers.email, email));
      const valid = await verifyPassword(password, row?.passwordHash ?? (await dummy()));
      if (!row || !valid) return { ok: false, code: "INVALID_CREDENTIALS", message: SIGN_IN_FAILED };
      await db
        .delete(authAttempts)
        .where(and(eq(authAttempts.kind, "sign_in"), or(eq(authAttempts.subject, `email:${email}`), inArray(authAttempts.id, attempt.ids))));
      return startSession(db, row.id);
    },

    /** One new card tried at checkout for this cart from this IP; refused over RATE_LIMITS.card_payment. */
    async takeCardAttempt(cartId: string, ip: string | null): Promise<{ ok: true } | Failure<"RATE_LIMITED">> {
      const attempt = await takeAttempt("card_payment", `cart:${cartId}`, ip);
      return attempt.ok ? { ok: true } : { ok: false, code: "RATE_LIMITED", message: tooManyAttempts(attempt.minutes), field: "payment.card.number" };
    },

    /**
     * One new card given to a customer's Autoship subscription from this IP: the checkout's
     * card-testing limit (RATE_LIMITS.card_payment), counted per customer, and per IP together with
     * the checkout's new cards.
     */
    async takeSubscriptionCardAttempt(customerId: string, ip: string | null): Promise<{ ok: true } | Failure<"RATE_LIMITED">> {
      const attempt = await takeAttempt("card_payment", `customer:${customerId}`, ip);
      return attempt.ok ? { ok: true } : { ok: false, code: "RATE_LIMITED", message: tooManyAttempts(attempt.minutes), field: "cardNumber" };
    },

    /** Ends the session on the server. The reason is for the log only. */
    async signOut(token: string | null | undefined, _reason: SessionEndReason = "sign_out"): Promise<boolean> {
      if (!looksLikeToken(token)) return false;
      const ended = await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token))).returning({ id: sessions.id });
      return ended.length > 0;
    },

    /** The live session a token belongs to, or null; keeps a used session alive (sliding expiry). */
    async resolveSession(token: string | null | undefined): Promise<SessionInfo | null> {
      if (!looksLikeToken(token)) return null;
      const now = clock();
      const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
      if (!row) return null;
      const hardEnd = row.createdAt.getTime() + SESSION_MAX_MS;
      if (row.expiresAt <= now || hardEnd <= now.getTime()) {
        await db.delete(sessions).where(eq(sessions.id, row.id));
        return null;
      }
      let expiresAt = row.expiresAt;
      if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        expiresAt = new Date(Math.min(hardEnd, now.getTime() + SESSION_IDLE_MS));
        await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, row.id));
      }
      return { sessionId: row.id, customerId: row.customerId, expiresAt, createdAt: row.createdAt };
    },

    /** SPEC §4 refresh-session-token: with force, the session gets a new token and the old one stops working. */
    async refreshSession(token: string, force: boolean): Promise<{ ok: true; token: string; expiresAt: Date; customerId: string } | null> {
      const session = await this.resolveSession(token);
      if (!session) return null;
      const now = clock();
      const expiresAt = new Date(Math.min(session.createdAt.getTime() + SESSION_MAX_MS, now.getTime() + SESSION_IDLE_MS));
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

    /**
     * Starts a reset when the address has an account: a single-use token valid one hour, stored
     * hashed. The caller answers the same either way; `sendLink` is called only for a real account.
     */
    async requestPasswordReset(
      email: string,
      ip: string | null,
      sendLink: (to: { email: string; firstName: string }, token: string) => Promise<unknown>,
    ): Promise<{ ok: true } | Failure<"RATE_LIMITED">> {
      const attempt = await takeAttempt("forgot_password", `email:${email}`, ip);
      if (!attempt.ok) return { ok: false, code: "RATE_LIMITED", message: tooManyAttempts(attempt.minutes) };
      const [row] = await db.select({ id: customers.id, email: customers.email, firstName: customers.firstName }).from(customers).where(eq(customers.email, email));
      if (!row) return { ok: true };
      const token = newToken();
      await db.insert(passwordResets).values({ tokenHash: hashToken(token), customerId: row.id, expiresAt: new Date(clock().getTime() + RESET_VALID_MS), createdAt: clock() });
      await sendLink(row, token);
      return { ok: true };
    },

    /** Uses a reset token once; sets the password and ends every session of the account. */
    async resetPassword(token: string, password: string): Promise<{ ok: true; customerId: string } | Failure<"INVALID_TOKEN">> {
      const invalid = { ok: false as const, code: "INVALID_TOKEN" as const, field: "token", message: "This reset link has expired or was already used. Ask for a new one." };
      if (!looksLikeToken(token)) return invalid;
      const passwordHash = await hashPassword(password, scryptParams);
      const now = clock();
      return db.transaction(async (tx) => {
        // One statement claims the token: two concurrent uses cannot both succeed.
        const [used] = await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.tokenHash, hashToken(token)), sql`${passwordResets.usedAt} is null`, gt(passwordResets.expiresAt, now)))
          .returning({ customerId: passwordResets.customerId });
        if (!used) return invalid;
        await tx.update(customers).set({ passwordHash, updatedAt: now }).where(eq(customers.id, used.customerId));
        await tx.delete(sessions).where(eq(sessions.customerId, used.customerId));
        await tx.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.customerId, used.customerId), sql`${passwordResets.usedAt} is null`));
        return { ok: true as const, customerId: used.customerId };
      });
    },

    async changePassword(customerId: string, current: string, next: string, keepSessionId: string): Promise<{ ok: true } | Failure<"WRONG_PASSWORD">> {
      const [row] = await db.select({ passwordHash: customers.passwordHash }).from(customers).where(eq(customers.id, customerId));
      if (!row || !(await verifyPassword(current, row.passwordHash)))
        return { ok: false, code: "WRONG_PASSWORD", field: "currentPassword", message: "Your current password is not correct." };
      const passwordHash = await hashPassword(next, scryptParams);
      await db.transaction(async (tx) => {
        await tx.update(customers).set({ passwordHash, updatedAt: clock() }).where(eq(customers.id, customerId));
        // Other devices signed in with the old password are signed out.
        await tx.delete(sessions).where(and(eq(sessions.customerId, customerId), sql`${sessions.id} <> ${keepSessionId}`));
      });
      return { ok: true };
    },

    async summary(customerId: string): Promise<CustomerSummary | null> {
      const [row] = await db
        .select({ id: customers.id, email: customers.email, firstName: customers.firstName, lastName: customers.lastName })
        .from(customers)
        .where(eq(customers.id, customerId));
      return row ?? null;
    },

    customer: (customerId: string) => loadCustomer(db, customerId),

    async updateProfile(customerId: string, input: Partial<ProfileInput>): Promise<CustomerView | null> {
      const set: Partial<typeof customers.$inferInsert> = { updatedAt: clock() };
      if (input.firstName !== undefined) set.firstName = input.firstName;
      if (input.lastName !== undefined) set.lastName = input.lastName;
      if (input.phone !== undefined) set.phone = input.phone;
      if (input.acceptsMarketing !== undefined) set.acceptsMarketing = input.acceptsMarketing;
      await db.update(customers).set(set).where(eq(customers.id, customerId));
      return loadCustomer(db, customerId);
    },

    async metafield(customerId: string, namespace: string, key: string): Promise<MetafieldRow | null> {
      const [row] = await db
        .select()
        .from(customerMetafields)
        .where(and(eq(customerMetafields.customerId, customerId), eq(customerMetafields.namespace, namespace), eq(customerMetafields.key, key)));
      return (row as MetafieldRow | undefined) ?? null;
    },

    /** Upserts metafields (SPEC §3) in one transaction. */
    async setMetafields(customerId: string, fields: readonly { namespace: string; key: string; type?: string; value: string }[], conn: Db = db) {
      if (fields.length === 0) return;
      const now = clock();
      await conn
        .insert(customerMetafields)
        .values(fields.map((f) => ({ customerId, namespace: f.namespace, key: f.key, type: f.type ?? "single_line_text_field", value: f.value, updatedAt: now })))
        .onConflictDoUpdate({
          target: [customerMetafields.customerId, customerMetafields.namespace, customerMetafields.key],
          set: { value: sql`excluded.value`, type: sql`excluded.type`, updatedAt: now },
        });
    },

    /** Deletes one of the customer's metafields; null when it is not theirs (or gone). */
    async deleteMetafield(customerId: string, metafieldId: string): Promise<string | null> {
      if (!isUuid(metafieldId)) return null;
      const [row] = await db
        .delete(customerMetafields)
        .where(and(eq(customerMetafields.id, metafieldId), eq(customerMetafields.customerId, customerId)))
        .returning({ id: customerMetafields.id });
      return row?.id ?? null;
    },

    async deleteMetafieldByKey(customerId: string, namespace: string, key: string): Promise<void> {
      await db
        .delete(customerMetafields)
        .where(and(eq(customerMetafields.customerId, customerId), eq(customerMetafields.namespace, namespace), eq(customerMetafields.key, key)));
    },

    /** Adds an address; the first one becomes the default. */
    async createAddress(customerId: string, address: AddressInput, makeDefault = false) {
      return db.transaction(async (tx) => {
        // The customer row lock serialises address writes of one customer (default-address rule).
        const [owner] = await tx.select({ defaultAddressId: customers.defaultAddressId }).from(customers).where(eq(customers.id, customerId)).for("update");
        if (!owner) return null;
        const [row] = await tx.insert(customerAddresses).values({ customerId, ...addressValues(address), createdAt: clock() }).returning();
        if (makeDefault || !owner.defaultAddressId) await tx.update(customers).set({ defaultAddressId: row.id }).where(eq(customers.id, customerId));
        return row.id;
      });
    },

    /** Null when the address is not one of the customer's. */
    async updateAddress(customerId: string, addressId: string, address: AddressInput): Promise<string | null> {
      if (!isUuid(addressId)) return null;
      const [row] = await db
        .update(customerAddresses)
        .set(addressValues(address))
        .where(and(eq(customerAddresses.id, addressId), eq(customerAddresses.customerId, customerId)))
        .returning({ id: customerAddresses.id });
      return row?.id ?? null;
    },

    /** Deleting the default address makes the oldest remaining one the default. */
    async deleteAddress(customerId: string, addressId: string): Promise<string | null> {
      if (!isUuid(addressId)) return null;
      return db.transaction(async (tx) => {
        const [owner] = await tx.select({ defaultAddressId: customers.defaultAddressId }).from(customers).where(eq(customers.id, customerId)).for("update");
        if (!owner) return null;
        const [gone] = await tx
          .delete(customerAddresses)
          .where(and(eq(customerAddresses.id, addressId), eq(customerAddresses.customerId, customerId)))
          .returning({ id: customerAddresses.id });
        if (!gone) return null;
        if (owner.defaultAddressId === addressId) {
          const [next] = await tx
            .select({ id: customerAddresses.id })
            .from(customerAddresses)
            .where(eq(customerAddresses.customerId, customerId))
            .orderBy(asc(customerAddresses.createdAt), asc(customerAddresses.id))
            .limit(1);
          await tx.update(customers).set({ defaultAddressId: next?.id ?? null }).where(eq(customers.id, customerId));
        }
        return gone.id;
      });
    },

    async setDefaultAddress(customerId: string, addressId: string): Promise<boolean> {
      if (!isUuid(addressId)) return false;
      const updated = await db
        .update(customers)
        .set({ defaultAddressId: addressId, updatedAt: clock() })
        .where(
          and(
            eq(customers.id, customerId),
            sql`exists (select 1 from ${customerAddresses} where ${customerAddresses.id} = ${addressId} and ${customerAddresses.customerId} = ${customerId})`,
          ),
        )
        .returning({ id: customers.id });
      return updated.length > 0;
    },

    /** Stores a contact message, at most RATE_LIMITS.contact per sender address and per client IP. */
    async saveContactMessage(
      site: SiteId,
      customerId: string | null,
      input: ContactInput,
      ip: string | null,
    ): Promise<{ ok: true; id: string } | Failure<"RATE_LIMITED">> {
      const attempt = await takeAttempt("contact", `email:${input.email.toLowerCase()}`, ip);
      if (!attempt.ok) return { ok: false, code: "RATE_LIMITED", message: tooManyAttempts(attempt.minutes), field: "form" };
      const [row] = await db
        .insert(contactMessages)
        .values({ site, customerId, ...input, createdAt: clock() })
        .returning({ id: contactMessages.id });
      return { ok: true, id: row.id };
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string) => UUID.test(v);

export type IdentityService = ReturnType<typeof createIdentityService>;
