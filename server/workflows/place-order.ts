import { and, asc, eq, sql } from "drizzle-orm";
import { ATTESTATION_REQUIRED_MESSAGE, checkoutAttributes, staffOrderDetails, withoutCheckoutAttributes, type StaffDelivery } from "../../rules/checkout-attributes";
import { checkQuota, lineWeightLb, quotaExceededMessage } from "../../rules/staff-quota";
import { matchSavedAddress } from "../../rules/clinic-address";
import { AUTOSHIP_FIRST_ORDER_CODE } from "../../rules/checkout-flow";
import { taxStateOf } from "../../rules/sales-tax";
import { renewalOrderAttributes } from "../../rules/autoship-renewal";
import { checkoutTotals } from "../../rules/checkout-totals";
import type { ShippingMethod } from "../../rules/shipping-rates";
import type { SiteId } from "../../rules/site";
import { systemClock, type Clock } from "../clock";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { retryOnDeadlock } from "../db/deadlock";
import type { Logger } from "../log";
import { autoshipPayment, createSubscriptionsForOrder } from "../modules/autoship/service";
import { subscriptions } from "../modules/autoship/schema";
import { products, variants } from "../modules/catalog/schema";
import { addonChoiceOf, createDonationLedger } from "../modules/donations/ledger";
import { givenSentence } from "../../rules/donation-ledger";
import { customerSegmentRecord } from "./donation-segment-record";
import { donationStoreFor } from "../../rules/donations";
import { markCheckedOut } from "../modules/cart/lifecycle";
import { cartLines, carts } from "../modules/cart/schema";
import { customerAddresses } from "../modules/identity/schema";
import { releaseStock, reserveStock, servingWarehouse } from "../modules/inventory/service";
import { orderAddressOf, orderLines, orders, type OrderAddress } from "../modules/orders/schema";
import { orderView, type OrderView } from "../modules/orders/service";
import { templates } from "../modules/mail/templates";
import { markPaid } from "../modules/orders/status";
import type { DeclineReason } from "../modules/payments/provider";
import type { PaymentSource } from "../modules/payments/service";
import type { CartService } from "../modules/cart/service";
import type { OrdersService } from "../modules/orders/service";
import type { PaymentsService } from "../modules/payments/service";
import type { MailService } from "../modules/mail/service";
import type { StaffStandingService } from "./staff-checkout";
import type { IdentityService } from "../modules/identity/service";
import { amountToCents, formatUsd } from "../../rules/money";
import { dayOf } from "../../rules/calendar-days";
import { isUuid } from "../../rules/ids";

// Place order (SPEC §4 Checkout). Guarantees:
//
// 1. Prices, discounts (AUTO35 on a customer's first autoship order), shipping, the AK/HI service
//    charge and tax are computed here from the cart as stored — the browser sends none of them. An
//    optional expectedTotalCents (what the customer saw) that differs → CART_CHANGED.
// 2. Stock is reserved atomically in the warehouse serving the shipping ZIP through the inventory
//    module (server/modules/inventory/service.ts: one conditional UPDATE per variant, ascending
//    variant id, stock-exempt lines left out), all in ONE transaction. Any line short → OUT_OF_STOCK
//    naming the SKU, nothing kept. A decline releases through the same module, by the same policy.
// 3. Transaction boundaries: (a) reserve + insert the order as `placed` and commit (the cart row is
//    locked meanwhile; UNIQUE(idempotency_key) and UNIQUE(cart_id) stop a second order); (b) in a
//    second transaction holding the order's row lock, charge through the payments provider, then
//    mark the order `paid` and the cart `checked_out`, or — on a decline — release the reservation
//    and delete the attempt, leaving the cart as it was. A concurrent retry with the same key waits
//    on that row lock and then sees the outcome, so a key is charged at most once.
// 4. Idempotent by key: the same key and cart → the same order (replayed: true), one charge; the
//    same key with another cart → IDEMPOTENCY_MISMATCH. After a decline the key may be retried.
// 5. The confirmation mail is recorded once, by the call that marked the order paid.
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

export type PlaceOrderInput = {
  site: SiteId;
  cartId: string;
  /** The signed-in customer, or null for a guest checkout. */
  customerId: string | null;
  email: string;
  /** An address as entered, or one of the signed-in customer's saved addresses by id. */
  shippingAddress: OrderAddress | { savedAddressId: string };
  billingAddress?: OrderAddress | null;
  shippingMethod: ShippingMethod;
  payment: PaymentSource;
  idempotencyKey: string;
  expectedTotalCents?: number | null;
  acceptsEmailMarketing?: boolean;
  isAttestationChecked?: boolean;
  donationTrackingId?: string | null;
  /** Set by the renewal engine: this order renews that subscription (it creates no new subscription). */
  renewalOfSubscriptionId?: string | null;
};

export type PlaceOrderFailure =
  | { ok: false; code: "CART_NOT_FOUND" | "CART_EMPTY" | "CART_CHANGED" | "OVER_LIMIT" | "ZIP_NOT_SERVED" | "IDEMPOTENCY_MISMATCH" | "CHECKOUT_IN_PROGRESS" | "ADDRESS_NOT_FOUND" | "AUTOSHIP_REQUIRES_ACCOUNT" | "ORDER_CANCELLED" | "ADDRESS_INVALID" | "DISCOUNT_CODE_USED" | StaffCode; message: string; field?: string }
  | { ok: false; code: "OUT_OF_STOCK"; message: string; sku: string; field?: string }
  | { ok: false; code: "PAYMENT_DECLINED"; message: string; reason: DeclineReason; field?: string };

export type PlaceOrderResult = { ok: true; order: OrderView; replayed: boolean } | PlaceOrderFailure;

export type PlaceOrderDeps = {
  db: Db;
  services: { cart: CartService; orders: OrdersService; payments: PaymentsService; mail: MailService; staff: StaffStandingService; identity: IdentityService };
  config: Pick<Config, "freeShippingThresholdCents" | "storeName"> & Partial<Pick<Config, "donationStoreId">>;
  log?: Logger;
  /** "Now" for dates the order creates (subscription start and next order dates); the system clock by default. */
  clock?: Clock;
};

type Rollback = { rollback: PlaceOrderFailure | { retry: true } };
type StaffCode = "STAFF_SIGN_IN_REQUIRED" | "NOT_REGISTERED" | "NOT_ELIGIBLE" | "ATTESTATION_REQUIRED" | "QUOTA_EXCEEDED";
type SimpleCode = StaffCode | "CART_NOT_FOUND" | "CART_EMPTY" | "CART_CHANGED" | "OVER_LIMIT" | "ZIP_NOT_SERVED" | "IDEMPOTENCY_MISMATCH" | "CHECKOUT_IN_PROGRESS" | "ADDRESS_NOT_FOUND" | "AUTOSHIP_REQUIRES_ACCOUNT" | "ORDER_CANCELLED" | "ADDRESS_INVALID" | "DISCOUNT_CODE_USED";
const fail = <C extends SimpleCode>(
  code: C,
  message: string,
  field?: string,
): PlaceOrderFailure => ({ ok: false, code, message, field });


/** Splits `total` over `weights` in proportion, the rounding remainder on the largest weight. */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  const parts = weights.map((w) => Math.floor((total * w) / sum));
  const rest = total - parts.reduce((s, p) => s + p, 0);
  parts[weights.indexOf(Math.max(...weights))] += rest;
  return parts;
}

export async function placeOrder(deps: PlaceOrderDeps, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  if (!isUuid(input.cartId)) return fail("CART_NOT_FOUND", "No cart with this id.", "cartId");
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await deps.services.orders.byIdempotencyKey(input.idempotencyKey);
    if (existing) {
      // A replay answers only its own buyer: the same cart and the same customer (or guest).
      if (existing.cartId !== input.cartId || existing.customerId !== input.customerId)
        return fail("IDEMPOTENCY_MISMATCH", "This checkout key was used for another cart.", "idempotencyKey");
      const settled = await pay(deps, existing.id, input);
      if (settled === "gone") continue;
      return settled;
    }
    const placed = await reserveAndPlace(deps, input);
    if ("retry" in placed) continue;
    if (!placed.ok) return placed;
    const settled = await pay(deps, placed.orderId, input);
    if (settled === "gone") continue;
    return settled;
  }
  return fail("CHECKOUT_IN_PROGRESS", "This checkout is already under way; try again in a moment.");
}

async function reserveAndPlace(deps: PlaceOrderDeps, input: PlaceOrderInput): Promise<{ ok: true; orderId: string } | PlaceOrderFailure | { retry: true }> {
  const { db, services, config } = deps;
  try {
    return await db.transaction(async (tx) => {
      const rollback = (r: Rollback["rollback"]): never => {
        throw { rollback: r } satisfies Rollback;
      };
      // Locked whatever its status: a same-key call may have checked this cart out meanwhile.
      const [cart] = await tx
        .select({ id: carts.id, customerId: carts.customerId, site: carts.site, status: carts.status })
        .from(carts)
        .where(and(eq(carts.id, input.cartId), eq(carts.site, input.site)))
        .for("update");
      if (!cart || (cart.customerId !== null && cart.customerId !== input.customerId))
        return fail("CART_NOT_FOUND", "No cart with this id.", "cartId");
      // Under the cart lock: a same-key call that committed meanwhile is seen here (and answers this one).
      const [byKey] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, input.idempotencyKey));
      if (byKey) return { retry: true as const };
      if (cart.status !== "active") return fail("CART_NOT_FOUND", "No cart with this id.", "cartId");
      const [byCart] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.cartId, input.cartId));
      if (byCart) return fail("CHECKOUT_IN_PROGRESS", "This cart is already being checked out.", "cartId");

      // One buyer's checkouts run one at a time from here (guarantee 6): "has an Autoship already"
      // (AUTO35) and "used this code before" are read under this lock and see each other's orders.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checkout-of:${input.customerId ?? `email:${input.email.trim().toLowerCase()}`}`}, 0))`);
      const view = (await services.cart.checkoutView(tx, input.cartId, input.customerId))!;
      const [{ stored }] = await tx.select({ stored: sql<number>`count(*)::int` }).from(cartLines).where(eq(cartLines.cartId, input.cartId));
      if (stored === 0) return fail("CART_EMPTY", "The cart is empty.", "cartId");
      if (view.lineItems.length !== stored) return fail("CART_CHANGED", "An item in the cart is no longer sold; review the cart.", "cartId");
      if (view.isOverLimit || view.lineItems.some((l) => l.isOverAutoshipLimit))
        return fail("OVER_LIMIT", "The cart holds more items than one order may.", "lineItems");
      // A subscription belongs to an account (it renews with a saved card and is managed in My Subscriptions).
      if (!input.customerId && view.lineItems.some((l) => l.sellingPlanAllocation))
        return fail("AUTOSHIP_REQUIRES_ACCOUNT", "Sign in or create an account to subscribe with Autoship.", "customerId");

      // Staff site (guarantee 9): who may buy, from the server's records, under the buyer lock.
      const now = (deps.clock ?? systemClock)();
      const standing = input.site === "hpsf" ? (input.customerId ? await services.staff.standing(input.customerId, now, tx) : null) : undefined;
      if (standing === null) return fail("STAFF_SIGN_IN_REQUIRED", "Sign in with your staff account to check out.", "customerId");
      if (standing && !standing.ok) return fail(standing.code, standing.message, "customerId");
      const attested = Boolean(input.isAttestationChecked || input.renewalOfSubscriptionId);
      if (standing && !attested) return fail("ATTESTATION_REQUIRED", ATTESTATION_REQUIRED_MESSAGE, "isAttestationChecked");

      let shippingAddress: OrderAddress;
      if ("savedAddressId" in input.shippingAddress) {
        // Only the customer's own saved address: anyone else's (or a guest's attempt) is not found.
        const id = input.shippingAddress.savedAddressId;
        const [saved] =
          input.customerId && isUuid(id)
            ? await tx
                .select()
                .from(customerAddresses)
                .where(and(eq(customerAddresses.id, id), eq(customerAddresses.customerId, input.customerId)))
            : [];
        if (!saved) return fail("ADDRESS_NOT_FOUND", "No such saved address.", "shippingAddress.savedAddressId");
        shippingAddress = orderAddressOf(saved);
      } else shippingAddress = input.shippingAddress;
      let staffDelivery: StaffDelivery | null = null;
      if (standing?.ok) {
        if (standing.location === "ship_to_work") {
          // Clinic delivery goes to the clinic's address in the directory, addressed to the buyer.
          const { address1, address2, city, provinceCode, zip, countryCode, phone } = standing.clinic.address;
          shippingAddress = { ...shippingAddress, address1, address2, city, provinceCode, zip, countryCode, phone: phone || shippingAddress.phone };
          staffDelivery = { soldTo: standing.soldTo, shipTo: standing.clinic.shipTo, location: "ship_to_work" };
        } else {
          // Home: the ship-to is the customer's saved address (the checkout saves an entered one first).
          const book = await tx.select().from(customerAddresses).where(eq(customerAddresses.customerId, input.customerId!));
          const home = matchSavedAddress(shippingAddress, book);
          staffDelivery = { soldTo: standing.soldTo, shipTo: home?.id ?? "", location: "ship_to_home" };
        }
      }
      const zip = shippingAddress.zip;
      const warehouse = await servingWarehouse(tx, zip);
      if (!warehouse) return fail("ZIP_NOT_SERVED", `We do not deliver to ${zip} yet.`, "shippingAddress.zip");
      // Tax and the AK/HI charge follow the ZIP's state; an unknown or contradicted one is refused.
      const taxState = taxStateOf(shippingAddress);
      if (!taxState.ok)
        return fail("ADDRESS_INVALID", taxState.message, "savedAddressId" in input.shippingAddress ? "shippingAddress.savedAddressId" : `shippingAddress.${taxState.field}`);
      const state = taxState.state;
      const applied = view.discountCodes.filter((c) => c.applicable).map((c) => c.code);
      const [used] = await services.orders.codesUsedBy(
        { customerId: input.customerId, email: input.email },
        applied.filter((c) => c !== AUTOSHIP_FIRST_ORDER_CODE),
        tx,
      );
      if (used) return fail("DISCOUNT_CODE_USED", `You have already used the code ${used}.`, "discountCodes");

      // Guarantee 10: the cart's donation choice, read under the cart's lock.
      const donationStoreId = donationStoreFor(input.site, config.donationStoreId);
      const ledger = createDonationLedger(db);
      const cartDonation = donationStoreId ? await ledger.cartChoice(input.cartId, tx) : null;
      const donationChoice = cartDonation?.storeId === donationStoreId ? cartDonation : null;
      const donationAddon = donationChoice ? addonChoiceOf(donationChoice, await ledger.store(donationChoice.storeId, tx)) : null;
      let donationTrackingId = donationChoice?.trackingId ?? null;
      if (donationStoreId && input.renewalOfSubscriptionId) {
        const [first] = await tx
          .select({ trackingId: orders.donationTrackingId })
          .from(subscriptions)
          .innerJoin(orders, eq(orders.id, subscriptions.originOrderId))
          .where(eq(subscriptions.id, input.renewalOfSubscriptionId));
        donationTrackingId = first?.trackingId ?? null;
      }

      const totals = checkoutTotals({
        subtotalCents: amountToCents(view.cost.subtotalAmount.amount),
        discountCents: amountToCents(view.cost.discountAmount.amount),
        method: input.shippingMethod,
        state,
        freeShippingThresholdCents: config.freeShippingThresholdCents,
        freeShippingQualifyingCents: view.freeShipping.qualifyingCents,
        donationAddon,
      });
      const { subtotalCents, discountCents, taxCents, totalCents } = totals;
      const lineWeights = view.lineItems.map((l) => lineWeightLb(l.variant.weight, l.variant.weightUnit, l.quantity));
      if (standing?.ok) {
        const orderLb = lineWeights.reduce((sum, w) => sum + w, 0);
        const fits = checkQuota(standing.quota, orderLb);
        if (!fits.ok) return fail("QUOTA_EXCEEDED", quotaExceededMessage(standing.quota, orderLb, fits.overLb), "lineItems");
      }
      if (input.expectedTotalCents != null && input.expectedTotalCents !== totalCents)
        return fail("CART_CHANGED", "Prices changed since you last saw the cart; review the new total.", "expectedTotalCents");

      // Reserve (the inventory module's policy: stock-exempt lines left out, ascending variant id).
      const reserved = await reserveStock(
        tx,
        warehouse.code,
        view.lineItems.map((l) => ({ variantId: Number(l.variant.id), quantity: l.quantity, sku: l.variant.sku })),
      );
      if (!reserved.ok)
        rollback({ ok: false, code: "OUT_OF_STOCK", sku: reserved.sku, message: `${reserved.sku} is not available in that quantity for ${zip}.`, field: "lineItems" });

      const lineSubtotals = view.lineItems.map((l) => amountToCents(l.cost.subtotalAmount.amount));
      const lineDiscounts = allocate(discountCents, lineSubtotals);
      const lineTaxes = allocate(taxCents, lineSubtotals);
      const attributes = [
        // The checkout-owned keys are this workflow's alone: whatever the cart holds under them is replaced.
        ...withoutCheckoutAttributes(view.attributes),
        ...checkoutAttributes({
          site: input.site,
          lines: view.lineItems.map((l) => ({ sellingPlanId: l.sellingPlanAllocation?.sellingPlan.id ?? null })),
          acceptsEmailMarketing: input.acceptsEmailMarketing ?? false,
          isAttestationChecked: attested,
          donationTrackingId,
          staff: staffDelivery,
        }),
      ];
      // A renewal order says so and names its subscription (rules/autoship-renewal.ts).
      const orderAttributes = input.renewalOfSubscriptionId ? renewalOrderAttributes(attributes, input.renewalOfSubscriptionId) : attributes;
      const [order] = await tx
        .insert(orders)
        .values({
          site: input.site,
          customerId: input.customerId,
          email: input.email.trim().toLowerCase(),
          cartId: input.cartId,
          status: "placed",
          shippingMethod: input.shippingMethod,
          shippingAddress,
          billingAddress: input.billingAddress ?? shippingAddress,
          warehouseCode: warehouse.code,
          subtotalCents,
          discountCents,
          shippingCents: totals.shippingCents,
          serviceChargeCents: totals.serviceChargeCents,
          taxCents,
          totalCents,
          discountCodes: applied,
          attributes: orderAttributes,
          donationTrackingId,
          donationAddonCents: totals.donationAddonCents,
          idempotencyKey: input.idempotencyKey,
          programDiscountCents: standing?.ok ? amountToCents(view.cost.programDiscountAmount.amount) : 0,
          attestedAt: standing?.ok ? now : null,
        })
        .returning({ id: orders.id });
      await tx.insert(orderLines).values(
        view.lineItems.map((l, i) => ({
          orderId: order.id,
          position: i,
          variantId: Number(l.variant.id),
          sku: l.variant.sku,
          title: l.variant.title,
          productTitle: l.product.title,
          quantity: l.quantity,
          sellingPlanId: l.sellingPlanAllocation?.sellingPlan.id ?? null,
          unitPriceCents: amountToCents(l.cost.amountPerQuantity.amount),
          subtotalCents: lineSubtotals[i],
          discountCents: lineDiscounts[i],
          taxCents: lineTaxes[i],
          weightLb: lineWeights[i],
          attributes: l.attributes,
        })),
      );
      return { ok: true as const, orderId: order.id };
    });
  } catch (err) {
    if (err && typeof err === "object" && "rollback" in err) return (err as Rollback).rollback;
    // Two same-key (or same-cart) calls racing past the checks: the loser looks again.
    // drizzle wraps the driver's error (DrizzleQueryError): the SQLSTATE may sit on its cause.
    const e = err as { code?: string; cause?: { code?: string } } | null;
    if (e && typeof e === "object" && (e.code === "23505" || e.cause?.code === "23505")) return { retry: true };
    throw err;
  }
}

/** Step (b): charge under the order's row lock; paid → cart checked out; declined → released and removed. */
async function pay(deps: PlaceOrderDeps, orderId: string, input: PlaceOrderInput): Promise<PlaceOrderResult | "gone"> {
  const { db, services } = deps;
  // Saving a card locks the customer's row after the order's, and the cart's after that: a
  // customer's erasure, racing, takes them the other way round. The deadlock's loser runs again —
  // here it then finds the order the erasure cancelled, and charges nothing.
  const outcome = await retryOnDeadlock(() => db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return "gone" as const;
    // Cancelled before it was ever charged (the shop cancelled an attempt left unpaid): a retry of
    // that checkout must not read as a success.
    if (order.status === "cancelled" && !order.paymentId)
      return { ok: false as const, code: "ORDER_CANCELLED" as const, message: "This order was cancelled before it was paid; nothing was charged.", field: "idempotencyKey" };
    if (order.status !== "placed") return { ok: true as const, replayed: true, sendMail: false };
    // An order that starts subscriptions is charged through a saved method (a card entered is saved once).
    const autoship = await autoshipPayment(tx, services.payments, order, input);
    const charge = !autoship.ok ? autoship : await services.payments.charge({
      idempotencyKey: `order:${order.idempotencyKey}`,
      amountCents: order.totalCents,
      customerId: order.customerId,
      source: autoship.source,
    }, tx);
    if (!charge.ok) {
      if (autoship.ok && autoship.savedNewCard && autoship.paymentMethodId && order.customerId)
        await services.payments.forgetMethod(order.customerId, autoship.paymentMethodId, tx);
      const lines = await tx.select({ variantId: orderLines.variantId, quantity: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, order.id));
      await releaseStock(tx, order.warehouseCode, lines);
      await tx.delete(orders).where(eq(orders.id, order.id));
      return { ok: false as const, code: "PAYMENT_DECLINED" as const, reason: charge.reason, message: charge.message, field: charge.field ?? "payment" };
    }
    const next = markPaid(order.status);
    if (!next.ok) throw new Error(next.message);
    await tx.update(orders).set({ status: next.status, paymentId: charge.paymentId, updatedAt: sql`now()` }).where(eq(orders.id, order.id));
    await markCheckedOut(tx, order.cartId);
    if (autoship.ok && autoship.lines.length)
      await createSubscriptionsForOrder(tx, { order, lines: autoship.lines, today: dayOf((deps.clock ?? systemClock)()), paymentMethodId: autoship.paymentMethodId });
    await writeDonations(deps, tx, order);
    return { ok: true as const, replayed: false, sendMail: true };
  }));
  if (outcome === "gone") return "gone";
  if (!outcome.ok) return outcome;
  const view = await readOrder(deps, orderId);
  if (outcome.sendMail) {
    // The cart became the order: it is no longer the customer's saved cart (the cart module's pointer).
    const [{ customerId, cartId }] = await db.select({ customerId: orders.customerId, cartId: orders.cartId }).from(orders).where(eq(orders.id, orderId));
    if (customerId)
      await services.cart.forgetCart(customerId, cartId).catch((err: unknown) => deps.log?.error({ err, orderId }, "saved-cart pointer not cleared"));
    const donationSentences = (await createDonationLedger(db, { log: deps.log }).breakdownForOrder(orderId)).filter((g) => g.cents > 0).map((g) => givenSentence(g.cents, g.causeName));
    await services.mail
      .send({
        template: "orderConfirmation",
        to: view.email,
        content: templates.orderConfirmation({
          storeName: deps.config.storeName,
          number: view.number,
          lines: view.lineItems.map((l) => ({ title: `${l.title} ${l.variantTitle}`.trim(), quantity: l.quantity, total: formatUsd(amountToCents(l.subtotal.amount)) })),
          total: formatUsd(amountToCents(view.totalPrice.amount)),
          staff: staffMailDetails(view),
          donationAddon: amountToCents(view.donationAddon.amount) > 0 ? formatUsd(amountToCents(view.donationAddon.amount)) : null,
          donations: donationSentences,
        }),
      })
      .catch((err: unknown) => deps.log?.error({ err, orderId }, "order confirmation mail not recorded"));
  }
  return { ok: true, order: view, replayed: outcome.replayed };
}

/** Guarantee 10: the paid order's ledger rows and its tracking's confirmation data (the shop's orders only). */
async function writeDonations(deps: PlaceOrderDeps, tx: Db, order: typeof orders.$inferSelect) {
  const storeId = donationStoreFor(order.site, deps.config.donationStoreId);
  if (!storeId) return;
  const ledger = createDonationLedger(tx, { log: deps.log });
  const lines = await tx
    .select({ orderLineId: orderLines.id, cmsId: products.handle, unitPriceCents: orderLines.unitPriceCents, quantity: orderLines.quantity, discountCents: orderLines.discountCents })
    .from(orderLines)
    .innerJoin(variants, eq(variants.id, orderLines.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  const choice = await ledger.cartChoice(order.cartId, tx);
  await ledger.writeOrderLedger(tx, {
    storeId,
    orderId: order.id,
    trackingId: order.donationTrackingId,
    confirmTracking: true,
    lines,
    addon: order.donationAddonCents > 0 ? { kind: choice?.addonKind ?? "add-on", cents: order.donationAddonCents } : null,
    // The segment the widget matched when this tracking joined the cart (not a renewal's: its cart
    // carries no tracking of the shopper's browser); one that changes the amount must be proven by
    // the buyer's own record (a guest has none).
    segmentId: choice?.trackingId && choice.trackingId === order.donationTrackingId ? choice.segmentId : null,
    customerProperty: customerSegmentRecord(deps.services.identity, order.customerId, tx),
  });
}

function staffMailDetails(view: OrderView) {
  const staff = staffOrderDetails(view.attributes);
  return staff ? { programDiscount: formatUsd(amountToCents(view.programDiscount.amount)), soldTo: staff.soldTo, shipTo: staff.shipTo, delivery: staff.delivery } : null;
}

async function readOrder(deps: PlaceOrderDeps, orderId: string): Promise<OrderView> {
  const [o] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  const lines = await deps.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));
  return orderView(o, lines);
}
