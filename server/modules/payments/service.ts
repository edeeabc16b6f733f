import { randomBytes } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { CardInput } from "../../../rules/checkout/payment-card";
import type { Db } from "../../db/client";
import type { DeclineReason, PaymentProvider } from "./provider";
import { paymentMethods, payments, type PaymentStatus } from "./schema";

// Payments: saved methods (token + brand + last 4 + expiry only) and charges recorded with an
// explicit status. A charge is idempotent by key: the same key never charges twice.

export type PaymentSource = { kind: "card"; card: CardInput } | { kind: "saved"; paymentMethodId: string };
export type SavedMethod = { id: string; brand: string; last4: string; expMonth: number; expYear: number };
export type ChargeResult =
  | { ok: true; paymentId: string; status: PaymentStatus; brand: string | null; last4: string | null; replayed: boolean }
  | { ok: false; code: "PAYMENT_DECLINED"; reason: DeclineReason; message: string; field?: string };
export type SaveResult = { ok: true; method: SavedMethod } | { ok: false; code: "INVALID_CARD"; field: string; message: string };

const publicMethod = (r: typeof paymentMethods.$inferSelect): SavedMethod => ({
  id: r.id,
  brand: r.brand,
  last4: r.last4,
  expMonth: r.expMonth,
  expYear: r.expYear,
});

export function createPaymentsService(db: Db, provider: PaymentProvider) {
  async function resolveToken(conn: Db, source: PaymentSource, customerId: string | null) {
    if (source.kind === "card") {
      const t = await provider.tokenize(source.card);
      if (!t.ok) return { ok: false as const, reason: "invalid_card" as const, message: t.message, field: `payment.card.${t.field}` };
      return { ok: true as const, token: t.token, brand: t.brand as string, last4: t.last4 };
    }
    // A saved method is usable only by its owner: anyone else's id is unknown.
    const [m] = customerId
      ? await conn
          .select()
          .from(paymentMethods)
          .where(and(eq(paymentMethods.id, source.paymentMethodId), eq(paymentMethods.customerId, customerId)))
      : [];
    if (!m) return { ok: false as const, reason: "unknown_payment_method" as const, message: "Unknown payment method.", field: "payment.paymentMethodId" };
    return { ok: true as const, token: m.processorToken, brand: m.brand, last4: m.last4 };
  }

  return {
    provider,

    /** `conn` lets a workflow save the card inside its own transaction (place-order, for autoship). */
    async saveCard(customerId: string, card: CardInput, conn: Db = db): Promise<SaveResult> {
      const t = await provider.tokenize(card);
      if (!t.ok) return { ok: false, code: "INVALID_CARD", field: t.field, message: t.message };
      const [row] = await conn
        .insert(paymentMethods)
        .values({
          id: `pm_${randomBytes(16).toString("hex")}`,
          customerId,
          provider: provider.name,
          processorToken: t.token,
          brand: t.brand,
          last4: t.last4,
          expMonth: t.expMonth,
          expYear: t.expYear,
        })
        .returning();
      return { ok: true, method: publicMethod(row) };
    },

    /** Removes one of the customer's saved methods (a card saved for an order that was then declined). */
    async forgetMethod(customerId: string, paymentMethodId: string, conn: Db = db): Promise<boolean> {
      const gone = await conn
        .delete(paymentMethods)
        .where(and(eq(paymentMethods.id, paymentMethodId), eq(paymentMethods.customerId, customerId)))
        .returning({ id: paymentMethods.id });
      return gone.length > 0;
    },

    async listMethods(customerId: string): Promise<SavedMethod[]> {
      const rows = await db.select().from(paymentMethods).where(eq(paymentMethods.customerId, customerId)).orderBy(desc(paymentMethods.createdAt));
      return rows.map(publicMethod);
    },

    /**
     * Authorizes and captures `amountCents`. The same idempotency key returns the first successful
     * charge (replayed: true) and never calls the processor again; a failed attempt may be retried.
     * `conn` lets a workflow record the payment inside its own transaction.
     */
    async charge(p: { idempotencyKey: string; amountCents: number; customerId: string | null; source: PaymentSource }, conn: Db = db): Promise<ChargeResult> {
      const [prior] = await conn.select().from(payments).where(eq(payments.idempotencyKey, p.idempotencyKey));
      if (prior && prior.status !== "failed")
        return { ok: true, paymentId: prior.id, status: prior.status, brand: prior.brand, last4: prior.last4, replayed: true };
      const src = await resolveToken(conn, p.source, p.customerId);
      if (!src.ok) return { ok: false, code: "PAYMENT_DECLINED", reason: src.reason, message: src.message, field: src.field };
      const auth = await provider.authorize({ token: src.token, amountCents: p.amountCents, idempotencyKey: p.idempotencyKey });
      const captured = auth.ok ? await provider.capture(auth.ref, p.amountCents) : auth;
      const values = {
        idempotencyKey: p.idempotencyKey,
        provider: provider.name,
        processorRef: captured.ok ? captured.ref : null,
        status: (captured.ok ? "captured" : "failed") as PaymentStatus,
        amountCents: p.amountCents,
        customerId: p.customerId,
        brand: src.brand,
        last4: src.last4,
        failureReason: captured.ok ? null : captured.reason,
      };
      const [row] = await conn
        .insert(payments)
        .values(values)
        .onConflictDoUpdate({ target: payments.idempotencyKey, set: { ...values, updatedAt: sql`now()` } })
        .returning();
      if (!captured.ok) return { ok: false, code: "PAYMENT_DECLINED", reason: captured.reason, message: captured.message };
      return { ok: true, paymentId: row.id, status: row.status, brand: row.brand, last4: row.last4, replayed: false };
    },

    /**
     * Refunds `amountCents` of a captured payment, by default all that is left of it; the payment
     * reads refunded once nothing is left. `conn` lets a workflow record the refund inside its own
     * transaction (the order workflows hold the order's row lock across the processor call).
     */
    async refund(
      paymentId: string,
      conn: Db = db,
      amountCents?: number,
    ): Promise<{ ok: true; refundedCents: number } | { ok: false; code: "NOT_REFUNDABLE"; message: string }> {
      const [row] = await conn.select().from(payments).where(eq(payments.id, paymentId));
      if (!row || row.status !== "captured" || !row.processorRef) return { ok: false, code: "NOT_REFUNDABLE", message: "This payment cannot be refunded." };
      const left = row.amountCents - row.refundedCents;
      const amount = amountCents ?? left;
      if (!Number.isInteger(amount) || amount <= 0 || amount > left)
        return { ok: false, code: "NOT_REFUNDABLE", message: `At most ${left} cents of this payment can be refunded.` };
      const r = await provider.refund(row.processorRef, amount);
      if (!r.ok) return { ok: false, code: "NOT_REFUNDABLE", message: r.message };
      const refundedCents = row.refundedCents + amount;
      await conn
        .update(payments)
        .set({ status: refundedCents === row.amountCents ? "refunded" : "captured", refundedCents, updatedAt: sql`now()` })
        .where(eq(payments.id, paymentId));
      return { ok: true, refundedCents: amount };
    },

    async countByKey(idempotencyKey: string): Promise<number> {
      const rows = await db.select({ id: payments.id }).from(payments).where(eq(payments.idempotencyKey, idempotencyKey));
      return rows.length;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/** A customer's erasure (server/workflows/erase-customer.ts, in its transaction): their saved methods (processor tokens) go. */
export async function erasePaymentMethods(tx: Db, customerId: string): Promise<number> {
  return (await tx.delete(paymentMethods).where(eq(paymentMethods.customerId, customerId)).returning({ id: paymentMethods.id })).length;
}
