import { and, asc, count, eq, gt, inArray, lt, notInArray, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { authAttempts, type AttemptKind } from "./schema";

// Rate limits of every write a stranger can repeat (ADR 0003): counted attempts per window, per key
// (an e-mail address, a cart, a reset token) and per client IP, kept in PostgreSQL so every shop
// process counts the same attempts. Used by identity (sign-in, registration, password reset), the
// contact form and checkout (new cards tried).

export type { AttemptKind } from "./schema";

export const RATE_LIMITS: Record<AttemptKind, { windowMs: number; perKey: number; perIp: number }> = {
  // Failed sign-ins; a success clears the address's count.
  sign_in: { windowMs: 15 * 60_000, perKey: 5, perIp: 20 },
  // Every registration costs a password hash (scrypt): a flood would stall sign-ins. Per IP it is
  // generous: a clinic's whole staff may sign up from one office address.
  register: { windowMs: 60 * 60_000, perKey: 5, perIp: 50 },
  // Every request counts: each one may send a mail.
  forgot_password: { windowMs: 15 * 60_000, perKey: 3, perIp: 10 },
  // Every try of a reset link, valid or not (a valid one costs a password hash), per link and per IP.
  reset_password: { windowMs: 15 * 60_000, perKey: 5, perIp: 20 },
  // Each contact message mails the shop and the sender: a flood would spam both.
  contact: { windowMs: 60 * 60_000, perKey: 5, perIp: 20 },
  // Every new card tried at checkout: stops card testing through the shop's checkout.
  card_payment: { windowMs: 60 * 60_000, perKey: 10, perIp: 30 },
  // Joining or switching clinics, per staff member: each move changes who they buy for.
  join_clinic: { windowMs: 60 * 60_000, perKey: 10, perIp: 100 },
  // Clinic directory searches: enough for typing, not for scraping the directory.
  clinic_search: { windowMs: 60_000, perKey: 120, perIp: 120 },
  // Browser error reports (POST /api/errors), per client IP; the key "browser" caps all clients
  // together, so a flood from many addresses cannot fill the errors table either.
  error_report: { windowMs: 10 * 60_000, perKey: 1000, perIp: 30 },
  // Proof-of-consent records (POST /api/consent), per browser id and per IP: a shopper decides a
  // handful of times; a whole office behind one address stays well under the IP's count.
  consent: { windowMs: 15 * 60_000, perKey: 20, perIp: 200 },
  // Analytics configuration checks (POST /api/analytics/config): cheap, but nothing needs many; the
  // key "analytics-config" caps all clients together.
  analytics_config: { windowMs: 15 * 60_000, perKey: 600, perIp: 60 },
  // Review submissions, per customer and IP: a customer reviews what they bought, a few at a time.
  review: { windowMs: 60 * 60_000, perKey: 10, perIp: 30 },
  // Helpful votes, per customer and IP: reading a page of reviews is a handful of votes.
  review_vote: { windowMs: 15 * 60_000, perKey: 60, perIp: 200 },
  // New donation trackings (POST /api/donations/tracking), per browser donation session and per IP:
  // a tab starts one and reuses it, so a few per session are plenty; per IP it leaves room for many
  // shoppers behind one address while a script cannot fill the tracking table.
  donation_tracking: { windowMs: 10 * 60_000, perKey: 30, perIp: 300 },
  // The donation widget's clickstream batches (POST /api/donations/clickstream/events), like the
  // error reports: per client IP (a tab sends a batch every 5 s at most while events arise), and the
  // key "clickstream" caps all clients together, so a flood from many addresses cannot fill the table.
  donation_events: { windowMs: 10 * 60_000, perKey: 1000, perIp: 30 },
  // Every try of a console setup link (a usable one costs a password hash), per link and per IP.
  operator_setup: { windowMs: 15 * 60_000, perKey: 5, perIp: 20 },
  // Changing a password checks the current one (a password hash): guessing it from an open
  // session is limited like signing in; a success clears the account's count.
  change_password: { windowMs: 15 * 60_000, perKey: 5, perIp: 20 },
  // Wrong tries on the site password page (SPEC §2's gate), per IP; the key "site-password" caps all
  // clients together far above any real use. Guessing the shop's password is as slow as a customer's.
  site_password: { windowMs: 15 * 60_000, perKey: 1000, perIp: 10 },
  // New guest carts, per client address (the key is the address): a shopper starts one and keeps it
  // (the cookie); a script making thousands would fill the carts table. A whole office behind one
  // address stays well under it.
  guest_cart: { windowMs: 60 * 60_000, perKey: 200, perIp: 200 },
  // Sign-ups to the marketing list (the footer form, POST /api/marketing/subscribe), per address and
  // per IP: each may send a confirmation mail, so a script must not make the shop mail anyone at will.
  marketing_signup: { windowMs: 60 * 60_000, perKey: 5, perIp: 30 },
  // "Notify me when it's back", per address and per IP: each may send a confirmation mail too.
  back_in_stock: { windowMs: 60 * 60_000, perKey: 10, perIp: 30 },
  // The reminder mail's signed links (skip, deliver now, delay, quantity), per subscription and per
  // IP: each press is one change at most, and a customer presses a few; a script cannot hammer one.
  mail_link: { windowMs: 15 * 60_000, perKey: 10, perIp: 30 },
};

/**
 * The part of a client address a limit counts by: an IPv4 address whole; an IPv6 address by its /64
 * (one subscriber's network: a single host may use any of its 2^64 addresses); an IPv4-mapped IPv6
 * address as the IPv4 one.
 */
export function limitedAddress(ip: string): string {
  const bare = ip.trim().toLowerCase().replace(/%.*$/, "");
  if (!bare.includes(":")) return bare;
  const mapped = /^(?:0*:)+ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(bare);
  if (mapped) return mapped[1];
  const [head, tail] = bare.split("::");
  const groups = (part: string | undefined) => (part ? part.split(":") : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  // An embedded IPv4 tail (::1.2.3.4) takes two groups' room; its /64 lies in the groups before it.
  const width = right.some((g) => g.includes(".")) || left.some((g) => g.includes(".")) ? 7 : 8;
  const full = tail === undefined ? left : [...left, ...Array(Math.max(0, width - left.length - right.length)).fill("0"), ...right];
  return `${full
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, "") || "0")
    .join(":")}::/64`;
}

export const tooManyAttempts = (minutes: number) => `Too many attempts, try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;

export type Attempt = { ok: true; ids: number[] } | { ok: false; minutes: number; message: string };

export function createRateLimitService(db: Db, options: { clock?: () => Date } = {}) {
  const clock = options.clock ?? (() => new Date());

  /**
   * Counts one attempt for the key and the IP; refused when either is over its limit, with the
   * minutes until it is not. Inserting before counting keeps the limit under concurrent attempts:
   * every request sees its own row and all committed ones, so too many never pass together.
   */
  async function take(kind: AttemptKind, key: string, ip: string | null): Promise<Attempt> {
    const now = clock();
    const rule = RATE_LIMITS[kind];
    const since = new Date(now.getTime() - rule.windowMs);
    const subjects: [string, number][] = [[key, rule.perKey]];
    if (ip) subjects.push([`ip:${limitedAddress(ip)}`, rule.perIp]);
    await db.delete(authAttempts).where(
      and(
        eq(authAttempts.kind, kind),
        inArray(
          authAttempts.subject,
          subjects.map((s) => s[0]),
        ),
        lt(authAttempts.at, since),
      ),
    );
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
      const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
      return { ok: false, minutes, message: tooManyAttempts(minutes) };
    }
    return { ok: true, ids };
  }

  return {
    take,

    /** Forgets the key's attempts of this kind and the given attempt rows (a sign-in that succeeded). */
    async forget(kind: AttemptKind, key: string, ids: readonly number[]): Promise<void> {
      await db.delete(authAttempts).where(and(eq(authAttempts.kind, kind), or(eq(authAttempts.subject, key), inArray(authAttempts.id, [...ids]))));
    },

    /** Forgets the given attempt rows only: a try that turned out not to count (a right password). */
    async release(ids: readonly number[]): Promise<void> {
      if (ids.length) await db.delete(authAttempts).where(inArray(authAttempts.id, [...ids]));
    },

    /** One new card tried at checkout for this cart from this IP; refused over RATE_LIMITS.card_payment. */
    async takeCardAttempt(cartId: string, ip: string | null): Promise<{ ok: true } | { ok: false; code: "RATE_LIMITED"; message: string; field: string }> {
      const attempt = await take("card_payment", `cart:${cartId}`, ip);
      return attempt.ok ? { ok: true } : { ok: false, code: "RATE_LIMITED", message: attempt.message, field: "payment.card.number" };
    },

    /**
     * One new card given to a customer's Autoship subscription from this IP: the same card-testing
     * limit, counted per customer, and per IP together with the checkout's new cards.
     */
    async takeSubscriptionCardAttempt(
      customerId: string,
      ip: string | null,
    ): Promise<{ ok: true } | { ok: false; code: "RATE_LIMITED"; message: string; field: string }> {
      const attempt = await take("card_payment", `customer:${customerId}`, ip);
      return attempt.ok ? { ok: true } : { ok: false, code: "RATE_LIMITED", message: attempt.message, field: "cardNumber" };
    },
  };
}

export type RateLimitService = ReturnType<typeof createRateLimitService>;

/** A customer's erasure (server/workflows/erase-customer.ts, in its transaction): rows naming the address ("email:…") or the customer ("customer:…") go. */
export async function eraseAttemptsOf(tx: Db, customerId: string, email: string): Promise<void> {
  await tx.delete(authAttempts).where(or(eq(authAttempts.subject, `email:${email}`), eq(authAttempts.subject, `customer:${customerId}`)));
}
