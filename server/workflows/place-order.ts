import { systemClock } from "../clock";
import { retryOnDeadlock } from "../db/deadlock";
import { answerOrCommit, isUniqueViolation } from "../db/transaction";
import { autoshipPayment, createSubscriptionsForOrder } from "../modules/autoship";
import { lockCartForCheckout, markCheckedOut, storedLineCount } from "../modules/cart";
import { releaseStock, reserveStock } from "../modules/catalog";
import { insertPlacedOrder, liveOrderIdFor, lockBuyer, lockOrder, markOrderDeclined, markOrderPaid, linesOf, orderViewById } from "../modules/orders";
import { isUuid } from "../../rules/shared/ids";
import * as step from "./place-order-steps";
import { fail, type PlaceOrderDeps, type PlaceOrderFailure, type PlaceOrderInput, type PlaceOrderResult } from "./place-order-steps";
import { ordersPlaced } from "../metrics";

export type { PlaceOrderDeps, PlaceOrderFailure, PlaceOrderInput, PlaceOrderResult } from "./place-order-steps";

// Place order (SPEC §4 Checkout). Guarantees:
//
// 1. Prices, discounts (AUTO35 on a customer's first autoship order), shipping, the AK/HI service
//    charge and tax are computed here from the cart as stored — the browser sends none of them. An
//    optional expectedTotalCents (what the customer saw) that differs → CART_CHANGED.
// 2. Stock is reserved atomically in the warehouse serving the shipping ZIP through the inventory
//    module (server/modules/catalog/inventory.ts: one conditional UPDATE per variant, ascending
//    variant id, stock-exempt lines left out), all in ONE transaction. Any line short → OUT_OF_STOCK
//    naming the SKU, nothing kept. A decline releases through the same module, by the same policy.
// 3. Transaction boundaries: (a) reserve + insert the order as `placed` and commit (the cart row is
//    locked meanwhile; UNIQUE(idempotency_key) and UNIQUE(cart_id) over orders not declined stop a
//    second order); (b) in a second transaction holding the order's row lock, charge through the
//    payments provider, then mark the order `paid` and the cart `checked_out`, or — on a decline —
//    forget a card saved for it, release the reservation and mark the order `declined` (kept, its
//    number spent: numbers come from a sequence and were never gapless), leaving the cart as it was.
//    A concurrent retry with the same key waits on that row lock and then sees the outcome, so a
//    key is charged at most once.
// 4. Idempotent by key: the same key and cart → the same order (replayed: true), one charge; the
//    same key with another cart → IDEMPOTENCY_MISMATCH. After a decline the key may be retried: the
//    declined order holds neither key nor cart, and the retry places a new order.
// 5. The confirmation mail is recorded once, by the call that marked the order paid; so is the
//    marketing list's confirmation request when the shopper ticked "Email me".
// 6. One buyer at a time: after the cart lock, a transaction-scoped advisory lock on the customer (a
//    guest: the e-mail) is taken, so "has an Autoship order" (AUTO35, counting orders still being
//    paid) and "used this discount code before" are decided under it — two racing checkouts of one
//    customer give one AUTO35 and one use of a code. Lock order: cart, then buyer; both per call.
// 7. The order's checkout attributes (SPEC §3) are set here only, from the server's values:
//    the cart's own attributes under those keys are dropped, so no key appears twice.
// 8. The tax state is the ZIP's; a ZIP with no known state, or a province that contradicts it, is
//    refused (ADDRESS_INVALID), never taxed at 0.
// 9. Staff site: only a signed-in member with an active membership buys (STAFF_SIGN_IN_REQUIRED,
//    NOT_REGISTERED) — at program prices when their account group is eligible, else at the shop's
//    prices (the cart's pricing, SPEC §5); the attestation is required
//    (a renewal carries its first order's); sold-to, ship-to, the shipping location and — for clinic
//    delivery — the address itself come from the server's records (server/workflows/staff-checkout.ts),
//    whatever the client sent; and the order must fit the month's allowance (QUOTA_EXCEEDED),
//    decided under guarantee 6's per-customer lock, so two checkouts (or a renewal) racing cannot
//    together pass it.
// 10. Donations (README "Donations"), the shop only: the tracking the shopper's browser attached to
//    the cart (never a tracking id the client sends) becomes the donation_tracking_id attribute; an
//    add-on or round-up chosen on the cart is charged as its own amount (no tax, shipping or
//    discount) in the total. An Autoship renewal gives to its first order's tracked cause. The
//    ledger rows are written in step (b)'s transaction, by the call that marks the order paid —
//    once, under the order's row lock (and one row per line, cause and rule is unique besides).
//
// Each step below is one module call (the deciding ones are in place-order-steps.ts); a step's
// compensation is named beside it. Refusals before (a) commits roll it back whole.

type Retry = { retry: true };
const RETRY: Retry = { retry: true };

export async function placeOrder(deps: PlaceOrderDeps, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  if (!isUuid(input.cartId)) return fail("CART_NOT_FOUND", "No cart with this id.", "cartId");
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await deps.services.orders.byIdempotencyKey(input.idempotencyKey);
    // A replay answers only its own buyer: the same cart and the same customer (or guest).
    if (existing && (existing.cartId !== input.cartId || existing.customerId !== input.customerId))
      return fail("IDEMPOTENCY_MISMATCH", "This checkout key was used for another cart.", "idempotencyKey");
    const placed = existing ? { ok: true as const, orderId: existing.id } : await reserveAndPlace(deps, input);
    if ("retry" in placed) continue;
    if (!placed.ok) return placed;
    const settled = await pay(deps, placed.orderId, input);
    if (settled !== "gone") return settled;
  }
  return fail("CHECKOUT_IN_PROGRESS", "This checkout is already under way; try again in a moment.");
}

/** Step (a): check, price and reserve under the cart's and the buyer's locks, then insert the order as `placed`. */
async function reserveAndPlace(deps: PlaceOrderDeps, input: PlaceOrderInput): Promise<{ ok: true; orderId: string } | PlaceOrderFailure | Retry> {
  try {
    return await answerOrCommit<{ ok: true; orderId: string } | PlaceOrderFailure | Retry, PlaceOrderFailure>(deps.db, async (tx, rollback) => {
      const cart = await lockCartForCheckout(tx, input.cartId, input.site);
      if (!cart || (cart.customerId !== null && cart.customerId !== input.customerId)) return fail("CART_NOT_FOUND", "No cart with this id.", "cartId");
      // Under the cart lock: a same-key call that committed meanwhile is seen here (and answers this one).
      if (await liveOrderIdFor(tx, { idempotencyKey: input.idempotencyKey })) return RETRY;
      if (cart.status !== "active") return fail("CART_NOT_FOUND", "No cart with this id.", "cartId");
      if (await liveOrderIdFor(tx, { cartId: input.cartId })) return fail("CHECKOUT_IN_PROGRESS", "This cart is already being checked out.", "cartId");
      await lockBuyer(tx, input);
      const view = (await deps.services.cart.checkoutView(tx, input.cartId, input.customerId))!;
      const refused = step.cartRefusal(view, await storedLineCount(tx, input.cartId), input);
      if (refused) return refused;
      const now = (deps.clock ?? systemClock)();
      const buyer = await step.buyerStanding(deps, tx, input, now);
      if (!buyer.ok) return buyer;
      const where = await step.deliveryOf(tx, input, buyer.member);
      if (!where.ok) return where;
      const codes = await step.discountCodesOf(deps, tx, input, view);
      if (!codes.ok) return codes;
      const donation = await step.donationOf(deps, tx, input);
      const price = step.priceOf(deps, input, view, where.delivery.state, buyer.member, donation);
      if (!price.ok) return price;
      // Compensation: the transaction's rollback (nothing is kept when a line is short).
      const stock = view.lineItems.map((l) => ({ variantId: Number(l.variant.id), quantity: l.quantity, sku: l.variant.sku }));
      const reserved = await reserveStock(tx, where.delivery.warehouseCode, stock);
      const zip = where.delivery.address.zip;
      if (!reserved.ok)
        return rollback({
          ok: false,
          code: "OUT_OF_STOCK",
          sku: reserved.sku,
          message: `${reserved.sku} is not available in that quantity for ${zip}.`,
          field: "lineItems",
        });
      const [order, lines] = step.placedOrderOf(input, {
        view,
        delivery: where.delivery,
        codes: codes.codes,
        priced: price.priced,
        donation,
        member: buyer.member,
        now,
      });
      return { ok: true as const, orderId: await insertPlacedOrder(tx, order, lines) };
    });
  } catch (err) {
    // Two same-key (or same-cart) calls racing past the checks: the loser looks again.
    if (isUniqueViolation(err)) return RETRY;
    throw err;
  }
}

/** Step (b): charge under the order's row lock; paid → cart checked out; declined → compensated and marked declined. */
async function pay(deps: PlaceOrderDeps, orderId: string, input: PlaceOrderInput): Promise<PlaceOrderResult | "gone"> {
  const { db, services } = deps;
  // Saving a card locks the customer's row after the order's, and the cart's after that: a
  // customer's erasure, racing, takes them the other way round. The deadlock's loser runs again —
  // here it then finds the order the erasure cancelled, and charges nothing.
  const outcome = await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      // Declined while this call waited on its lock: the key is free again, and the loop places anew.
      if (!order || order.status === "declined") return "gone" as const;
      // Cancelled before it was ever charged (the shop cancelled an attempt left unpaid): a retry of
      // that checkout must not read as a success.
      if (order.status === "cancelled" && !order.paymentId)
        return fail("ORDER_CANCELLED", "This order was cancelled before it was paid; nothing was charged.", "idempotencyKey");
      if (order.status !== "placed") return { ok: true as const, replayed: true, sendMail: false };
      // An order that starts subscriptions is charged through a saved method (a card entered is saved once).
      const autoship = await autoshipPayment(tx, services.payments, order, input);
      const charge = !autoship.ok
        ? autoship
        : await services.payments.charge(
            { idempotencyKey: `order:${order.idempotencyKey}`, amountCents: order.totalCents, customerId: order.customerId, source: autoship.source },
            tx,
          );
      if (!charge.ok) {
        if (autoship.ok && autoship.savedNewCard && autoship.paymentMethodId && order.customerId)
          await services.payments.forgetMethod(order.customerId, autoship.paymentMethodId, tx);
        await releaseStock(tx, order.warehouseCode, await linesOf(tx, order.id));
        await markOrderDeclined(tx, order);
        return { ok: false as const, code: "PAYMENT_DECLINED" as const, reason: charge.reason, message: charge.message, field: charge.field ?? "payment" };
      }
      await markOrderPaid(tx, order, charge.paymentId);
      await markCheckedOut(tx, order.cartId);
      if (autoship.ok && autoship.lines.length)
        await createSubscriptionsForOrder(tx, {
          order,
          lines: autoship.lines,
          now: (deps.clock ?? systemClock)(),
          paymentMethodId: autoship.paymentMethodId,
        });
      await step.writeDonations(deps, tx, order);
      return { ok: true as const, replayed: false, sendMail: true };
    }),
  );
  if (outcome === "gone" || !outcome.ok) return outcome;
  const view = await orderViewById(db, orderId);
  if (outcome.sendMail) {
    ordersPlaced.inc({ site: input.site, source: input.renewalOfSubscriptionId ? "renewal" : "checkout" });
    // The cart became the order: it is no longer the customer's saved cart (the cart module's pointer).
    // (The order's cart and buyer are the input's: a replay of another's is refused before.)
    if (input.customerId)
      await services.cart
        .forgetCart(input.customerId, input.cartId)
        .catch((err: unknown) => deps.log?.error({ err, orderId }, "saved-cart pointer not cleared"));
    await step.sendConfirmation(deps, view);
    await step.optInToMarketing(deps, input, view);
  }
  return { ok: true, order: view, replayed: outcome.replayed };
}
