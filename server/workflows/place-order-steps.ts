import { ATTESTATION_REQUIRED_MESSAGE, checkoutAttributes, staffOrderDetails, withoutCheckoutAttributes } from "../../rules/checkout/order-attributes";
import { type StaffDelivery } from "../../rules/staff/delivery";
import { checkQuota, lineWeightLb, quotaExceededMessage } from "../../rules/staff/monthly-allowance";
import { matchSavedAddress } from "../../rules/staff/clinic-address";
import { AUTOSHIP_FIRST_ORDER_CODE } from "../../rules/checkout/steps-and-handoff";
import { taxStateOf } from "../../rules/checkout/sales-tax";
import { renewalOrderAttributes } from "../../rules/autoship/renewal-schedule";
import { checkoutTotals, type CheckoutTotals } from "../../rules/checkout/totals";
import { givenSentence } from "../../rules/donations/ledger-campaigns";
import { donationStoreFor } from "../../rules/donations/provider";
import { amountToCents, formatUsd } from "../../rules/shared/money";
import type { ShippingMethod } from "../../rules/checkout/shipping-rates";
import type { SiteId } from "../../rules/shared/site";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Logger } from "../log";
import { originOrderIdOf } from "../modules/autoship";
import { servingWarehouse, variantsOfProducts } from "../modules/catalog";
import { addonChoiceOf, createDonationLedger, type CartDonationChoice } from "../modules/donations";
import { addressBookOf, savedAddressOf } from "../modules/identity";
import { templates } from "../modules/mail";
import { orderAddressOf, type OrderAddress } from "../modules/orders";
import { donationTrackingIdOf, linesOf, type NewOrder, type NewOrderLine, type OrderRow, type OrderView } from "../modules/orders";
import type { DeclineReason } from "../modules/payments";
import type { PaymentSource } from "../modules/payments";
import type { CartService } from "../modules/cart";
import type { OrdersService } from "../modules/orders";
import type { PaymentsService } from "../modules/payments";
import type { MailService } from "../modules/mail";
import type { MarketingService } from "../modules/marketing";
import type { StaffStandingService } from "./staff-checkout";
import type { IdentityService } from "../modules/identity";
import type { StaffStanding } from "./staff-checkout";
import { customerSegmentRecord } from "./donation-segment-record";

// The steps of server/workflows/place-order.ts that decide before anything is written — who may
// buy, where it ships, what it costs — and the ones that follow a paid order (its donations and its
// mail). Each reads through one module's transaction-aware function; the guarantees they serve are
// numbered at the top of place-order.ts.

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

type StaffCode = "STAFF_SIGN_IN_REQUIRED" | "NOT_REGISTERED" | "NOT_ELIGIBLE" | "ATTESTATION_REQUIRED" | "QUOTA_EXCEEDED";
type SimpleCode =
  | StaffCode
  | "CART_NOT_FOUND"
  | "CART_EMPTY"
  | "CART_CHANGED"
  | "OVER_LIMIT"
  | "ZIP_NOT_SERVED"
  | "IDEMPOTENCY_MISMATCH"
  | "CHECKOUT_IN_PROGRESS"
  | "ADDRESS_NOT_FOUND"
  | "AUTOSHIP_REQUIRES_ACCOUNT"
  | "ORDER_CANCELLED"
  | "ADDRESS_INVALID"
  | "DISCOUNT_CODE_USED";

export type PlaceOrderFailure =
  | { ok: false; code: SimpleCode; message: string; field?: string }
  | { ok: false; code: "OUT_OF_STOCK"; message: string; sku: string; field?: string }
  | { ok: false; code: "PAYMENT_DECLINED"; message: string; reason: DeclineReason; field?: string };

export type PlaceOrderResult = { ok: true; order: OrderView; replayed: boolean } | PlaceOrderFailure;

export type PlaceOrderDeps = {
  db: Db;
  services: {
    cart: CartService;
    orders: OrdersService;
    payments: PaymentsService;
    mail: MailService;
    staff: StaffStandingService;
    identity: IdentityService;
    /** Checkout's "Email me" box (absent for renewals, which ask nothing). */
    marketing?: Pick<MarketingService, "subscribe">;
  };
  config: Pick<Config, "freeShippingThresholdCents" | "storeName"> & Partial<Pick<Config, "donationStoreId">>;
  log?: Logger;
  /** "Now" for dates the order creates (subscription start and next order dates); the system clock by default. */
  clock?: Clock;
};

/** The cart as checkout prices it, read under the cart's lock. */
export type CheckoutCartView = NonNullable<Awaited<ReturnType<PlaceOrderDeps["services"]["cart"]["checkoutView"]>>>;

export const fail = <C extends SimpleCode>(code: C, message: string, field?: string): PlaceOrderFailure => ({ ok: false, code, message, field });

/** The cart as stored against its priced view: empty, changed, over a limit, or Autoship for a guest. */
export function cartRefusal(view: CheckoutCartView, storedLines: number, input: PlaceOrderInput): PlaceOrderFailure | null {
  if (storedLines === 0) return fail("CART_EMPTY", "The cart is empty.", "cartId");
  if (view.lineItems.length !== storedLines) return fail("CART_CHANGED", "An item in the cart is no longer sold; review the cart.", "cartId");
  if (view.isOverLimit || view.lineItems.some((l) => l.isOverAutoshipLimit))
    return fail("OVER_LIMIT", "The cart holds more items than one order may.", "lineItems");
  // A subscription belongs to an account (it renews with a saved card and is managed in My Subscriptions).
  if (!input.customerId && view.lineItems.some((l) => l.sellingPlanAllocation))
    return fail("AUTOSHIP_REQUIRES_ACCOUNT", "Sign in or create an account to subscribe with Autoship.", "customerId");
  return null;
}

type Member = Extract<StaffStanding, { ok: true }>;

/** Guarantee 9: who may buy on the staff site (the member's standing, or null off it), from the server's records. */
export async function buyerStanding(
  deps: PlaceOrderDeps,
  tx: Db,
  input: PlaceOrderInput,
  now: Date,
): Promise<{ ok: true; member: Member | null } | PlaceOrderFailure> {
  if (input.site !== "hpsf") return { ok: true, member: null };
  if (!input.customerId) return fail("STAFF_SIGN_IN_REQUIRED", "Sign in with your staff account to check out.", "customerId");
  const standing = await deps.services.staff.standing(input.customerId, now, tx);
  if (!standing.ok) return fail(standing.code, standing.message, "customerId");
  if (!isAttested(input)) return fail("ATTESTATION_REQUIRED", ATTESTATION_REQUIRED_MESSAGE, "isAttestationChecked");
  return { ok: true, member: standing };
}

/** A renewal carries its first order's attestation. */
const isAttested = (input: PlaceOrderInput) => Boolean(input.isAttestationChecked || input.renewalOfSubscriptionId);

export type Delivery = { address: OrderAddress; staff: StaffDelivery | null; warehouseCode: string; state: string };

/**
 * Where the order goes: a saved address only the customer's own; a staff member's from the
 * clinic directory or their address book; the warehouse serving the ZIP; and the ZIP's tax state
 * (guarantee 8), refused when unknown or contradicted.
 */
export async function deliveryOf(tx: Db, input: PlaceOrderInput, member: Member | null): Promise<{ ok: true; delivery: Delivery } | PlaceOrderFailure> {
  let address: OrderAddress;
  if ("savedAddressId" in input.shippingAddress) {
    const saved = input.customerId ? await savedAddressOf(tx, input.customerId, input.shippingAddress.savedAddressId) : null;
    if (!saved) return fail("ADDRESS_NOT_FOUND", "No such saved address.", "shippingAddress.savedAddressId");
    address = orderAddressOf(saved);
  } else address = input.shippingAddress;
  let staff: StaffDelivery | null = null;
  if (member?.location === "ship_to_work") {
    // Clinic delivery goes to the clinic's address in the directory, addressed to the buyer.
    const { address1, address2, city, provinceCode, zip, countryCode, phone } = member.clinic.address;
    address = { ...address, address1, address2, city, provinceCode, zip, countryCode, phone: phone || address.phone };
    staff = { soldTo: member.soldTo, shipTo: member.clinic.shipTo, location: "ship_to_work" };
  } else if (member) {
    // Home: the ship-to is the customer's saved address (the checkout saves an entered one first).
    const home = matchSavedAddress(address, await addressBookOf(tx, input.customerId!));
    staff = { soldTo: member.soldTo, shipTo: home?.id ?? "", location: "ship_to_home" };
  }
  const warehouse = await servingWarehouse(tx, address.zip);
  if (!warehouse) return fail("ZIP_NOT_SERVED", `We do not deliver to ${address.zip} yet.`, "shippingAddress.zip");
  const taxState = taxStateOf(address);
  if (!taxState.ok)
    return fail(
      "ADDRESS_INVALID",
      taxState.message,
      "savedAddressId" in input.shippingAddress ? "shippingAddress.savedAddressId" : `shippingAddress.${taxState.field}`,
    );
  return { ok: true, delivery: { address, staff, warehouseCode: warehouse.code, state: taxState.state } };
}

/** The cart's applicable codes, refused when the buyer used one before (AUTO35 aside: its own rule). */
export async function discountCodesOf(
  deps: PlaceOrderDeps,
  tx: Db,
  input: PlaceOrderInput,
  view: CheckoutCartView,
): Promise<{ ok: true; codes: string[] } | PlaceOrderFailure> {
  const codes = view.discountCodes.filter((c) => c.applicable).map((c) => c.code);
  const once = codes.filter((c) => c !== AUTOSHIP_FIRST_ORDER_CODE);
  const [used] = await deps.services.orders.codesUsedBy({ customerId: input.customerId, email: input.email }, once, tx);
  return used ? fail("DISCOUNT_CODE_USED", `You have already used the code ${used}.`, "discountCodes") : { ok: true, codes };
}

export type Donation = { storeId: string | null; choice: CartDonationChoice | null; addon: ReturnType<typeof addonChoiceOf>; trackingId: string | null };

/** Guarantee 10: the cart's donation choice (read under the cart's lock), or a renewal's first order's tracking. */
export async function donationOf(deps: PlaceOrderDeps, tx: Db, input: PlaceOrderInput): Promise<Donation> {
  const storeId = donationStoreFor(input.site, deps.config.donationStoreId);
  if (!storeId) return { storeId, choice: null, addon: null, trackingId: null };
  const ledger = createDonationLedger(tx);
  const onCart = await ledger.cartChoice(input.cartId, tx);
  const choice = onCart?.storeId === storeId ? onCart : null;
  const addon = choice ? addonChoiceOf(choice, await ledger.store(choice.storeId, tx)) : null;
  if (!input.renewalOfSubscriptionId) return { storeId, choice, addon, trackingId: choice?.trackingId ?? null };
  const origin = await originOrderIdOf(tx, input.renewalOfSubscriptionId);
  return { storeId, choice, addon, trackingId: origin ? await donationTrackingIdOf(tx, origin) : null };
}

export type Priced = { totals: CheckoutTotals; lineWeights: number[] };

/** Guarantee 1: the order's money from the cart as stored; the staff allowance; the total the shopper saw. */
export function priceOf(
  deps: PlaceOrderDeps,
  input: PlaceOrderInput,
  view: CheckoutCartView,
  state: string,
  member: Member | null,
  donation: Donation,
): { ok: true; priced: Priced } | PlaceOrderFailure {
  const totals = checkoutTotals({
    subtotalCents: amountToCents(view.cost.subtotalAmount.amount),
    discountCents: amountToCents(view.cost.discountAmount.amount),
    method: input.shippingMethod,
    state,
    freeShippingThresholdCents: deps.config.freeShippingThresholdCents,
    freeShippingQualifyingCents: view.freeShipping.qualifyingCents,
    donationAddon: donation.addon,
  });
  const lineWeights = view.lineItems.map((l) => lineWeightLb(l.variant.weight, l.variant.weightUnit, l.quantity));
  if (member) {
    const orderLb = lineWeights.reduce((sum, w) => sum + w, 0);
    const fits = checkQuota(member.quota, orderLb);
    if (!fits.ok) return fail("QUOTA_EXCEEDED", quotaExceededMessage(member.quota, orderLb, fits.overLb), "lineItems");
  }
  if (input.expectedTotalCents != null && input.expectedTotalCents !== totals.totalCents)
    return fail("CART_CHANGED", "Prices changed since you last saw the cart; review the new total.", "expectedTotalCents");
  return { ok: true, priced: { totals, lineWeights } };
}

/** The order and its lines as the orders module stores them, from the server's values only (guarantee 7). */
export function placedOrderOf(
  input: PlaceOrderInput,
  p: { view: CheckoutCartView; delivery: Delivery; codes: string[]; priced: Priced; donation: Donation; member: Member | null; now: Date },
): [NewOrder, NewOrderLine[]] {
  const { view, delivery, priced, member } = p;
  const attributes = [
    // The checkout-owned keys are this workflow's alone: whatever the cart holds under them is replaced.
    ...withoutCheckoutAttributes(view.attributes),
    ...checkoutAttributes({
      site: input.site,
      lines: view.lineItems.map((l) => ({ sellingPlanId: l.sellingPlanAllocation?.sellingPlan.id ?? null })),
      acceptsEmailMarketing: input.acceptsEmailMarketing ?? false,
      isAttestationChecked: isAttested(input),
      donationTrackingId: p.donation.trackingId,
      staff: delivery.staff,
    }),
  ];
  const order: NewOrder = {
    site: input.site,
    customerId: input.customerId,
    email: input.email,
    cartId: input.cartId,
    shippingMethod: input.shippingMethod,
    shippingAddress: delivery.address,
    billingAddress: input.billingAddress ?? delivery.address,
    warehouseCode: delivery.warehouseCode,
    ...moneyColumnsOf(priced.totals),
    discountCodes: p.codes,
    // A renewal order says so and names its subscription (rules/autoship/renewal-schedule.ts).
    attributes: input.renewalOfSubscriptionId ? renewalOrderAttributes(attributes, input.renewalOfSubscriptionId) : attributes,
    donationTrackingId: p.donation.trackingId,
    idempotencyKey: input.idempotencyKey,
    programDiscountCents: member ? amountToCents(view.cost.programDiscountAmount.amount) : 0,
    attestedAt: member ? p.now : null,
  };
  const lines = view.lineItems.map((l, i) => ({
    variantId: Number(l.variant.id),
    sku: l.variant.sku,
    title: l.variant.title,
    productTitle: l.product.title,
    quantity: l.quantity,
    sellingPlanId: l.sellingPlanAllocation?.sellingPlan.id ?? null,
    unitPriceCents: amountToCents(l.cost.amountPerQuantity.amount),
    subtotalCents: amountToCents(l.cost.subtotalAmount.amount),
    weightLb: priced.lineWeights[i],
    attributes: l.attributes,
  }));
  return [order, lines];
}

const moneyColumnsOf = ({ subtotalCents, discountCents, shippingCents, serviceChargeCents, taxCents, donationAddonCents, totalCents }: CheckoutTotals) => ({
  subtotalCents,
  discountCents,
  shippingCents,
  serviceChargeCents,
  taxCents,
  donationAddonCents,
  totalCents,
});

/** Guarantee 10: the paid order's ledger rows and its tracking's confirmation data (the shop's orders only). */
export async function writeDonations(deps: PlaceOrderDeps, tx: Db, order: OrderRow): Promise<void> {
  const storeId = donationStoreFor(order.site, deps.config.donationStoreId);
  if (!storeId) return;
  const ledger = createDonationLedger(tx, { log: deps.log });
  const lines = await linesOf(tx, order.id);
  const handles = new Map(
    (
      await variantsOfProducts(
        tx,
        [],
        lines.map((l) => l.variantId),
      )
    ).map((v) => [v.id, v.productHandle]),
  );
  const choice = await ledger.cartChoice(order.cartId, tx);
  await ledger.writeOrderLedger(tx, {
    storeId,
    orderId: order.id,
    trackingId: order.donationTrackingId,
    confirmTracking: true,
    lines: lines.map((l) => ({
      orderLineId: l.id,
      cmsId: handles.get(l.variantId)!,
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
      discountCents: l.discountCents,
    })),
    addon: order.donationAddonCents > 0 ? { kind: choice?.addonKind ?? "add-on", cents: order.donationAddonCents } : null,
    // The segment the widget matched when this tracking joined the cart (not a renewal's: its cart
    // carries no tracking of the shopper's browser); one that changes the amount must be proven by
    // the buyer's own record (a guest has none).
    segmentId: choice?.trackingId && choice.trackingId === order.donationTrackingId ? choice.segmentId : null,
    customerProperty: customerSegmentRecord(deps.services.identity, order.customerId, tx),
  });
}

/** Guarantee 5: the confirmation mail, recorded once by the call that marked the order paid; a failure is logged, never the checkout's. */
/**
 * Checkout's "Email me" (accepts_email_marketing): the order's address is asked to confirm a
 * subscription (double opt-in). Never fails the order that was just paid.
 */
export async function optInToMarketing(deps: PlaceOrderDeps, input: PlaceOrderInput, view: OrderView): Promise<void> {
  if (!input.acceptsEmailMarketing || input.renewalOfSubscriptionId || !deps.services.marketing) return;
  await deps.services.marketing
    .subscribe({ site: input.site, email: view.email, source: "checkout", customerId: input.customerId }, { ip: null })
    .catch((err: unknown) => deps.log?.error({ err, orderId: view.id }, "marketing opt-in not recorded"));
}

export async function sendConfirmation(deps: PlaceOrderDeps, view: OrderView): Promise<void> {
  const given = await createDonationLedger(deps.db, { log: deps.log }).breakdownForOrder(view.id);
  const staff = staffOrderDetails(view.attributes);
  const donationAddonCents = amountToCents(view.donationAddon.amount);
  await deps.services.mail
    .send({
      template: "orderConfirmation",
      to: view.email,
      content: templates.orderConfirmation({
        storeName: deps.config.storeName,
        number: view.number,
        lines: view.lineItems.map((l) => ({
          title: `${l.title} ${l.variantTitle}`.trim(),
          quantity: l.quantity,
          total: formatUsd(amountToCents(l.subtotal.amount)),
        })),
        total: formatUsd(amountToCents(view.totalPrice.amount)),
        staff: staff
          ? { programDiscount: formatUsd(amountToCents(view.programDiscount.amount)), soldTo: staff.soldTo, shipTo: staff.shipTo, delivery: staff.delivery }
          : null,
        donationAddon: donationAddonCents > 0 ? formatUsd(donationAddonCents) : null,
        donations: given.filter((g) => g.cents > 0).map((g) => givenSentence(g.cents, g.causeName)),
      }),
    })
    .catch((err: unknown) => deps.log?.error({ err, orderId: view.id }, "order confirmation mail not recorded"));
}
