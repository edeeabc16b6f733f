import { frequencyOfSellingPlan } from "../../../rules/autoship/offer-and-frequency";
import { firstRenewalDate } from "../../../rules/autoship/subscription-states";
import { PET_ATTRIBUTE, petFromAttribute } from "../../../rules/autoship/feeding-calculator";
import { MAX_AUTOSHIP_QUANTITY } from "../../../rules/cart/quantity-input";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { variantsOfProducts } from "../catalog";
import { linesOf, type OrderLineRow, type OrderRow } from "../orders";
import type { PaymentSource, PaymentsService } from "../payments";
import { AUTOSHIP_TERMS, AUTOSHIP_TERMS_VERSION } from "../../../rules/autoship/terms";
import { dayOf } from "../../../rules/shared/calendar-days";
import { recordConsents } from "./consents";
import { subscriptionEvents, subscriptions } from "./schema";

// Subscriptions start at checkout: called by server/workflows/place-order.ts inside its pay
// transaction (hence `tx` and the other modules' transaction-aware functions rather than their
// service objects): a card entered for an autoship order is saved once, and one subscription is
// created per autoship line of the paid order.

/** The autoship lines of an order: those whose selling plan is one of the offered frequencies. */
export function autoshipLines(lines: readonly OrderLineRow[]): { line: OrderLineRow; frequencyWeeks: number }[] {
  return lines.flatMap((line) => {
    const frequencyWeeks = frequencyOfSellingPlan(line.sellingPlanId);
    return frequencyWeeks ? [{ line, frequencyWeeks }] : [];
  });
}

export type AutoshipPayment =
  | { ok: true; source: PaymentSource; paymentMethodId: string | null; savedNewCard: boolean; lines: OrderLineRow[] }
  | { ok: false; code: "PAYMENT_DECLINED"; reason: "invalid_card"; message: string; field: string };

/**
 * Before the first charge of an order that starts subscriptions: a renewal can only charge a saved
 * method, so a card entered at checkout is saved for the customer and the order is charged through
 * that saved method — the card is tokenized once. A renewal order, a guest order or one without
 * autoship lines is charged as entered.
 */
export async function autoshipPayment(
  tx: Db,
  payments: Pick<PaymentsService, "saveCard">,
  order: Pick<OrderRow, "id" | "customerId">,
  input: { payment: PaymentSource; renewalOfSubscriptionId?: string | null },
): Promise<AutoshipPayment> {
  const asEntered = { ok: true as const, source: input.payment, paymentMethodId: null, savedNewCard: false, lines: [] };
  if (!order.customerId || input.renewalOfSubscriptionId) return asEntered;
  const lines = await linesOf(tx, order.id);
  if (!autoshipLines(lines).length) return asEntered;
  if (input.payment.kind === "saved") return { ok: true, source: input.payment, paymentMethodId: input.payment.paymentMethodId, savedNewCard: false, lines };
  const saved = await payments.saveCard(order.customerId, input.payment.card, tx);
  if (!saved.ok) return { ok: false, code: "PAYMENT_DECLINED", reason: "invalid_card", message: saved.message, field: `payment.card.${saved.field}` };
  return { ok: true, source: { kind: "saved", paymentMethodId: saved.method.id }, paymentMethodId: saved.method.id, savedNewCard: true, lines };
}

/**
 * One subscription per autoship line of a paid order (never for a renewal order): starts today,
 * first renewal one frequency later, to the order's address with the saved payment method, and a
 * "created" event. Runs in the transaction that marks the order paid, so it happens exactly once;
 * the unique (origin order, variant, frequency) index is the last line of defence.
 */
export async function createSubscriptionsForOrder(
  tx: Db,
  p: { order: OrderRow; lines: readonly OrderLineRow[]; now: Date; paymentMethodId: string | null },
): Promise<string[]> {
  const { order, now } = p;
  const today = dayOf(now);
  const plans = autoshipLines(p.lines);
  if (!order.customerId || !plans.length) return [];
  const productOf = new Map(
    (
      await variantsOfProducts(
        tx,
        [],
        plans.map((x) => x.line.variantId),
      )
    ).map((v) => [v.id, v.productId]),
  );
  const created = await tx
    .insert(subscriptions)
    .values(
      plans.map(({ line, frequencyWeeks }) => ({
        site: order.site,
        customerId: order.customerId!,
        productId: productOf.get(line.variantId)!,
        variantId: line.variantId,
        quantity: Math.min(line.quantity, MAX_AUTOSHIP_QUANTITY),
        frequencyWeeks,
        startDate: today,
        nextOrderDate: firstRenewalDate(today, frequencyWeeks),
        shippingAddress: order.shippingAddress,
        email: order.email,
        paymentMethodId: p.paymentMethodId,
        shippingMethod: order.shippingMethod,
        originOrderId: order.id,
        // The pet the product page's feeding calculator was given: the run-out date shows at once.
        petProfile: petFromAttribute(line.attributes.find((a) => a.key === PET_ATTRIBUTE)?.value),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: subscriptions.id, variantId: subscriptions.variantId, frequencyWeeks: subscriptions.frequencyWeeks });
  if (created.length) {
    await tx
      .insert(subscriptionEvents)
      .values(
        created.map((c) => ({ subscriptionId: c.id, kind: "created", actor: "customer" as const, detail: { orderId: order.id, orderNumber: order.number } })),
      );
    // The proof of consent: the hand-off to checkout refuses an Autoship cart whose terms were not
    // acknowledged, so the paid order is the acceptance of these words.
    const unitPrice = new Map(plans.map(({ line }) => [line.variantId, line.unitPriceCents]));
    await recordConsents(
      tx,
      created.map((c) => ({
        subscriptionId: c.id,
        orderId: order.id,
        orderNumber: order.number,
        email: order.email,
        termsVersion: AUTOSHIP_TERMS_VERSION,
        termsText: AUTOSHIP_TERMS,
        unitPriceCents: unitPrice.get(c.variantId) ?? null,
        frequencyWeeks: c.frequencyWeeks,
        acceptedAt: now,
      })),
    );
  }
  return created.map((c) => c.id);
}

/** The order a subscription started from (a renewal gives to its cause), or null when it has none. */
export async function originOrderIdOf(conn: Db, subscriptionId: string): Promise<string | null> {
  const [row] = await conn.select({ originOrderId: subscriptions.originOrderId }).from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  return row?.originOrderId ?? null;
}
