import { eq, sql } from "drizzle-orm";
import { checkoutAttributes } from "../../../rules/checkout/order-attributes";
import { HANDOFF_MESSAGES, handoffDecision, handoffDiscountCodes, type CheckoutStateOf, type HandoffDecision } from "../../../rules/checkout/steps-and-handoff";
import { checkoutTotals, type CheckoutTotals } from "../../../rules/checkout/totals";
import type { AddonChoice } from "../../../rules/donations/ledger-campaigns";
import { SHIPPING_METHODS, type ShippingMethod } from "../../../rules/checkout/shipping-rates";
import type { SiteId } from "../../../rules/shared/site";
import { taxStateOf } from "../../../rules/checkout/sales-tax";
import { withoutCheckoutAttributes } from "../../../rules/checkout/order-attributes";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { CartService } from "../cart";
import type { CartView } from "../cart";
import { servingWarehouse, type CatalogService } from "../catalog";
import type { Failure, IdentityService } from "../identity";
import { checkoutUrlWithToken, signMultipass, verifyMultipass } from "./multipass";
import type { OrdersService } from "../orders";
import type { MailService } from "../mail";
import type { PaymentsService } from "../payments";
import type { Logger } from "../../log";
import type { PlaceOrderInput, PlaceOrderResult } from "../../workflows/place-order";
import type { StaffStanding } from "../../workflows/staff-checkout";
import { SERVER_OWNED_METAFIELDS } from "../../../rules/checkout/order-attributes";
import { type PreferredAddress, type StaffDelivery } from "../../../rules/staff/delivery";
import { orderAddressOf, type OrderAddress } from "../orders";
import { checkoutSessions, type CheckoutShipping } from "./schema";
import { amountToCents } from "../../../rules/shared/money";
import { cartWeightLb, checkQuota } from "../../../rules/staff/monthly-allowance";
import { EXCLUDED_PRODUCT_TYPE } from "../../../rules/catalog/product-types";

// The checkout module: the hand-off from the cart, the state of the contact / address /
// shipping-method steps, and the review the payment step shows. Totals always come from the cart
// as stored and the server's rules; placing the order is server/workflows/place-order.ts.

/** The URL parameter the checkout page reads the multipass token from (signing and checking it stay here). */
export { MULTIPASS_PARAM } from "./multipass";

export type CheckoutSession = typeof checkoutSessions.$inferSelect;

/** Where a cart's checkout stands (rules/checkout/steps-and-handoff.ts checkoutStateOf). */
export type CheckoutState = CheckoutStateOf<CheckoutShipping>;

export type QuoteResult =
  | { ok: true; totals: CheckoutTotals; warehouse: string; discountCodes: CartView["discountCodes"] }
  | { ok: false; code: "CART_NOT_FOUND" | "ZIP_NOT_SERVED" | "ADDRESS_INVALID"; field: string; message: string };

export type MultipassResult =
  { ok: true; url: string; expiresAt: Date } | { ok: false; code: "EMAIL_NOT_YOURS" | "CART_NOT_FOUND"; field: string; message: string };
export type Customer = { id: string; email: string; acceptsMarketing: boolean };

export type HandoffResult = HandoffDecision & { url?: string };

export type StockIssue = { sku: string; title: string; requested: number; available: number };

export type CheckoutReview = {
  cart: CartView;
  session: CheckoutSession;
  /** The totals for the chosen shipping method (null until an address and a method are chosen). */
  totals: CheckoutTotals | null;
  /** The totals each shipping method would give (null until an address is chosen). */
  totalsByMethod: Record<ShippingMethod, CheckoutTotals> | null;
  /** Lines the warehouse serving the address cannot fill; null when the stock check gave no answer. */
  stockIssues: StockIssue[] | null;
  /** Staff site: the member's standing (delivery, sold-to, quota) and the cart's weight against the allowance. */
  staff: { standing: StaffStanding; cartLb: number; quota: { ok: true } | { ok: false; overLb: number } | null } | null;
};

type Deps = {
  db: Db;
  config: Pick<Config, "freeShippingThresholdCents" | "features" | "storeName">;
  cart: CartService;
  catalog: CatalogService;
  identity: IdentityService;
  orders: OrdersService;
  mail: MailService;
  payments: PaymentsService;
  log?: Logger;
  /** server/workflows/place-order.ts, wired in server/wiring/: a module calls no workflow itself. */
  placeOrder: (input: PlaceOrderInput) => Promise<PlaceOrderResult>;
  /** server/workflows/staff-checkout.ts: a staff member's standing and delivery choice (staff site). */
  staff: {
    standing: (customerId: string, now: Date) => Promise<StaffStanding>;
    choosePreferredAddress: (customerId: string, choice: PreferredAddress) => Promise<{ ok: true } | { ok: false; field: "preferredAddress"; message: string }>;
  };
  /** The cart's donation tracking and add-on or round-up on `site` (the donations module, wired in server/wiring/modules.ts; none where the site gives no donations, rules/donations/provider.ts donationStoreFor); none when absent. */
  donationCart?: (site: SiteId, cartId: string) => Promise<{ trackingId: string | null; addon: AddonChoice | null }>;
};

const hasAutoshipLine = (cart: CartView) => cart.lineItems.some((l) => l.sellingPlanAllocation !== null);

export function createCheckoutService(deps: Deps) {
  const { db } = deps;

  async function session(cartId: string): Promise<CheckoutSession | null> {
    const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.cartId, cartId));
    return row ?? null;
  }

  async function upsert(cartId: string, set: Partial<Omit<CheckoutSession, "cartId" | "initiatedAt" | "updatedAt">>): Promise<CheckoutSession> {
    const [row] = await db
      .insert(checkoutSessions)
      .values({ cartId, ...set })
      .onConflictDoUpdate({ target: checkoutSessions.cartId, set: { ...set, updatedAt: sql`now()` } })
      .returning();
    return row;
  }

  /**
   * SPEC §3's checkout metafields, from the server's records only (clients may not write them):
   * custom.ship_to holds the ZIP shipped to (shipToZip), custom.sold_to the sold-to, custom.clinic_zip
   * the clinic's ZIP. Set at the hand-off and again once a staff order is placed (the API has no hand-off).
   */
  async function recordStaffMetafields(customerId: string, v: { shipToZip: string; soldTo: string; clinicZip: string }) {
    const [shipTo, soldTo, clinicZip] = SERVER_OWNED_METAFIELDS;
    await deps.identity.setMetafields(customerId, [
      { ...shipTo, value: v.shipToZip },
      { ...soldTo, value: v.soldTo },
      { ...clinicZip, value: v.clinicZip },
    ]);
  }

  const customerHasSubscription = (customer: Customer | null) => (customer ? deps.orders.hasSubscriptionOrder(customer.id) : Promise.resolve(null));

  /** The one computation of checkout totals for a cart (page review, quote API; place-order uses the same rule). */
  const totalsFor = (cart: CartView, state: string, method: ShippingMethod, donationAddon: AddonChoice | null) =>
    checkoutTotals({
      subtotalCents: amountToCents(cart.cost.subtotalAmount.amount),
      discountCents: amountToCents(cart.cost.discountAmount.amount),
      method,
      state,
      freeShippingThresholdCents: deps.config.freeShippingThresholdCents,
      // What the cart's free-shipping bar counted: the promise it showed is the one kept here.
      freeShippingQualifyingCents: cart.freeShipping.qualifyingCents,
      donationAddon,
    });
  /**
   * A signed-in shopper's "save this address to my address book": reused when one saved address
   * matches (SPEC §5), else added; null when the book is full. The staff site keeps the address it
   * ships to anyway (saveInformation, placeOrder).
   */
  const keepAddress = (site: SiteId, customerId: string, address: OrderAddress) =>
    site === "hpsf" ? Promise.resolve(null) : deps.identity.savedAddressFor(customerId, { ...address, countryCode: "US" });

  /** The shop's donation add-on on this cart (the staff site has no donations). */
  const addonOf = async (site: SiteId, cartId: string) => (deps.donationCart ? (await deps.donationCart(site, cartId)).addon : null);

  return {
    session,

    /**
     * "Proceed to Checkout" (SPEC §4): decides where the cart may go, and when it is the checkout,
     * sets the checkout cart attributes, AUTO35 for a first autoship order and a cookie discount
     * code. A signed-in customer gets a signed multipass URL; a guest goes to /checkout.
     */
    async handoff(p: {
      site: SiteId;
      cartId: string | null;
      customer: Customer | null;
      cookieDiscountCode: string | null;
      acknowledgeAutoshipTerms: boolean;
      secret: string;
      now: Date;
    }): Promise<HandoffResult> {
      // The cart page's and the API's owner check: someone else's cart is no cart at all.
      const usable = p.cartId ? await deps.cart.shopper(p.customer?.id ?? null).getCart(p.cartId, p.site) : null;
      const hasAutoship = usable ? hasAutoshipLine(usable) : false;
      let acknowledged = false;
      if (usable) {
        const existing = await session(usable.id);
        acknowledged = p.acknowledgeAutoshipTerms || (existing?.autoshipTermsAcknowledged ?? false);
        if (p.acknowledgeAutoshipTerms && !existing?.autoshipTermsAcknowledged) await upsert(usable.id, { autoshipTermsAcknowledged: true });
      }
      const decision = handoffDecision({
        cart: usable
          ? { totalQuantity: usable.totalQuantity, hasAutoship, isOverLimit: usable.isOverLimit || usable.lineItems.some((l) => l.isOverAutoshipLimit) }
          : null,
        signedIn: p.customer !== null,
        checkoutFlowFlag: deps.config.features.checkoutFlow,
        autoshipTermsAcknowledged: acknowledged,
      });
      if (decision.go !== "checkout" || !usable) return decision;

      // Staff site: only a member in good standing checks out (at program or shop prices, as the cart
      // priced them); the ship-to and sold-to are the server's.
      let staff: StaffDelivery | null = null;
      if (p.site === "hpsf") {
        const standing = p.customer ? await deps.staff.standing(p.customer.id, p.now) : null;
        if (!standing?.ok) return { go: "cart", reason: "staff_not_registered" };
        const home = standing.location === "ship_to_home" ? ((await deps.identity.customer(p.customer!.id))?.defaultAddress ?? null) : null;
        staff = {
          soldTo: standing.soldTo,
          shipTo: standing.location === "ship_to_work" ? standing.clinic.shipTo : (home?.id ?? ""),
          location: standing.location,
        };
        await recordStaffMetafields(p.customer!.id, {
          shipToZip: standing.location === "ship_to_work" ? standing.clinic.address.zip : (home?.zip ?? ""),
          soldTo: staff.soldTo,
          clinicZip: standing.clinic.address.zip,
        });
      }

      const keep = withoutCheckoutAttributes(usable.attributes);
      await deps.cart.updateAttributes(usable.id, p.site, [
        ...keep,
        ...checkoutAttributes({
          site: p.site,
          lines: usable.lineItems.map((l) => ({ sellingPlanId: l.sellingPlanAllocation?.sellingPlan.id ?? null })),
          acceptsEmailMarketing: p.customer?.acceptsMarketing ?? false,
          isAttestationChecked: false,
          // The tracking the shopper's browser attached to this cart (checked against its donation session).
          donationTrackingId: deps.donationCart ? (await deps.donationCart(p.site, usable.id)).trackingId : null,
          staff,
        }),
      ]);
      const codes = handoffDiscountCodes({
        current: usable.discountCodes.map((c) => c.code),
        // The staff site has no Autoship promotion (SPEC §6): no AUTO35 there.
        hasAutoship: hasAutoship && p.site !== "hpsf",
        customerHasSubscription: (await customerHasSubscription(p.customer)) ?? false,
        cookieCode: p.cookieDiscountCode,
      });
      if (codes.join() !== usable.discountCodes.map((c) => c.code).join()) await deps.cart.updateDiscountCodes(usable.id, p.site, codes);

      if (!p.customer) {
        await upsert(usable.id, { customerId: null });
        return { go: "checkout", url: "/checkout" };
      }
      // Checkout initiated (SPEC §4): recorded with the moment, before the signed link is handed out.
      await upsert(usable.id, { acceptsEmailMarketing: p.customer.acceptsMarketing });
      const signed = await signMultipass(p.secret, { customerId: p.customer.id, email: p.customer.email, cartId: usable.id }, p.now);
      return { go: "checkout", url: checkoutUrlWithToken("/checkout", signed.token) };
    },

    /**
     * The multipass link signs the customer into this cart's checkout. It must name the signed-in
     * customer and the cart in their cookie; expired or altered links are refused.
     */
    async acceptMultipass(p: { token: string; secret: string; now: Date; customer: Customer | null; cartId: string | null }) {
      const check = await verifyMultipass(p.secret, p.token, p.now);
      if (!check.ok) return { ok: false as const, reason: check.reason };
      if (!p.customer || check.customerId !== p.customer.id || check.cartId !== p.cartId) return { ok: false as const, reason: "not_yours" as const };
      await upsert(check.cartId, { customerId: check.customerId, email: check.email });
      return { ok: true as const };
    },

    /**
     * Step 1: contact and shipping address. A saved address must be the customer's own; the ZIP must
     * be served. On the staff site the member chooses clinic or home delivery (kept as their
     * preferred address): the clinic's address comes from the directory, and the address shipped to
     * is kept in the address book (SPEC §5: reused when one saved address matches, else added), so
     * the order's ship-to can name it. On the shop, a signed-in customer who asks (`saveAddress`)
     * keeps a new address the same way, once it is known to be served.
     */
    async saveInformation(p: {
      site: SiteId;
      cartId: string;
      customer: Customer | null;
      email: string;
      acceptsEmailMarketing: boolean;
      address: OrderAddress | { savedAddressId: string } | null;
      delivery?: PreferredAddress | null;
      saveAddress?: boolean;
      now?: Date;
    }): Promise<{ ok: true } | { ok: false; field: string; message: string }> {
      let address = p.address;
      if (p.site === "hpsf") {
        const standing = p.customer ? await deps.staff.standing(p.customer.id, p.now ?? new Date()) : null;
        if (!standing?.ok) return { ok: false, field: "form", message: standing?.message ?? HANDOFF_MESSAGES.staff_not_registered };
        const delivery = p.delivery ?? standing.preferredAddress;
        if (delivery !== standing.preferredAddress) {
          const chosen = await deps.staff.choosePreferredAddress(p.customer!.id, delivery);
          if (!chosen.ok) return { ok: false, field: "delivery", message: chosen.message };
        }
        if (delivery === "clinic") {
          const view = await deps.identity.customer(p.customer!.id);
          address = { firstName: view?.firstName ?? "", lastName: view?.lastName ?? "", ...standing.clinic.address };
        }
        if (address && !("savedAddressId" in address)) {
          const id = await deps.identity.savedAddressFor(p.customer!.id, { ...address, countryCode: "US" });
          if (!id)
            return {
              ok: false,
              field: delivery === "clinic" ? "delivery" : "address1",
              message: "Your address book is full: remove an address to add this one.",
            };
          address = { savedAddressId: id };
        }
      }
      if (!address) return { ok: false, field: "address1", message: "Enter the street address" };
      let shipping: CheckoutShipping;
      if ("savedAddressId" in address) {
        const id = address.savedAddressId;
        const found = p.customer ? (await deps.identity.customer(p.customer.id))?.addresses.find((a) => a.id === id) : undefined;
        if (!found) return { ok: false, field: "savedAddressId", message: "Choose one of your addresses." };
        shipping = { kind: "saved", savedAddressId: id, address: orderAddressOf(found) };
      } else shipping = { kind: "entered", address };
      const zip = shipping.address.zip;
      if (!(await servingWarehouse(db, zip)))
        return { ok: false, field: shipping.kind === "saved" ? "savedAddressId" : "zip", message: `We do not deliver to ${zip} yet.` };
      const state = taxStateOf(shipping.address);
      if (!state.ok) return { ok: false, field: shipping.kind === "saved" ? "savedAddressId" : state.field, message: state.message };
      if (p.saveAddress && p.customer && shipping.kind === "entered") {
        const id = await keepAddress(p.site, p.customer.id, shipping.address);
        if (id) shipping = { kind: "saved", savedAddressId: id, address: shipping.address };
      }
      // A signed-in customer's e-mail is their account's; only a guest types one.
      const email = p.customer ? p.customer.email : p.email.trim().toLowerCase();
      await upsert(p.cartId, { email, acceptsEmailMarketing: p.acceptsEmailMarketing, shipping });
      return { ok: true };
    },

    async saveShippingMethod(cartId: string, method: ShippingMethod) {
      return upsert(cartId, { shippingMethod: method });
    },

    /**
     * What the shipping and payment steps show: the cart priced for this customer (AUTO35 only on a
     * first autoship order), totals for the address and method, and lines the serving warehouse
     * cannot fill. When the stock check cannot answer, `stockIssues` is null and the checkout goes on
     * (SPEC §4 fallback): placing the order still reserves stock and refuses what is not there.
     */
    async review(p: { site: SiteId; cartId: string; customer: Customer | null; now?: Date }): Promise<CheckoutReview | null> {
      const state = await session(p.cartId);
      if (!state) return null;
      const cart = await deps.cart.checkoutView(db, p.cartId, p.customer?.id ?? null);
      if (!cart) return null;
      let staff: CheckoutReview["staff"] = null;
      if (p.site === "hpsf" && p.customer) {
        const standing = await deps.staff.standing(p.customer.id, p.now ?? new Date());
        const cartLb = cartWeightLb(cart.lineItems);
        staff = { standing, cartLb, quota: standing.ok ? checkQuota(standing.quota, cartLb) : null };
      }
      const address = state.shipping?.address ?? null;
      const taxState = address ? taxStateOf(address) : null;
      const addon = await addonOf(p.site, p.cartId);
      const totalsByMethod = taxState?.ok
        ? (Object.fromEntries(SHIPPING_METHODS.map((method) => [method, totalsFor(cart, taxState.state, method, addon)])) as Record<
            ShippingMethod,
            CheckoutTotals
          >)
        : null;
      const totals = totalsByMethod && state.shippingMethod ? totalsByMethod[state.shippingMethod] : null;
      let stockIssues: StockIssue[] | null = null;
      if (address) {
        const stocked = cart.lineItems.filter((l) => l.product.productType !== EXCLUDED_PRODUCT_TYPE);
        const answer = await deps.catalog
          // SPEC §5: the destination is the clinic for clinic delivery, else home.
          .productsStock({
            skus: stocked.map((l) => l.variant.sku),
            zipCode: address.zip,
            destination: staff?.standing.ok && staff.standing.location === "ship_to_work" ? "CLINIC" : "HOME",
          })
          .catch(() => null);
        if (answer?.ok && answer.data.warehouse) {
          const wanted = new Map<string, { title: string; requested: number }>();
          for (const l of stocked) {
            const prev = wanted.get(l.variant.sku);
            wanted.set(l.variant.sku, { title: `${l.product.title} ${l.variant.title}`.trim(), requested: (prev?.requested ?? 0) + l.quantity });
          }
          stockIssues = [...wanted]
            .map(([sku, w]) => ({ sku, ...w, available: answer.data.skus[sku]?.available ?? 0 }))
            .filter((i) => i.available < i.requested);
        }
      }
      return { cart, session: state, totals, totalsByMethod, stockIssues, staff };
    },

    /**
     * The totals the checkout would charge for the cart, a ZIP and a method (`/api/checkout/quote`):
     * the same owner check as the cart API, the ZIP served and its state known, priced for the customer.
     */
    async quote(p: { site: SiteId; cartId: string; customerId: string | null; zip: string; method: ShippingMethod }): Promise<QuoteResult> {
      const notFound = { ok: false as const, code: "CART_NOT_FOUND" as const, field: "cartId", message: "No cart with this id." };
      if (!(await deps.cart.shopper(p.customerId).mayUse(p.cartId, p.site))) return notFound;
      const warehouse = await servingWarehouse(db, p.zip);
      if (!warehouse) return { ok: false, code: "ZIP_NOT_SERVED", field: "zip", message: `We do not deliver to ${p.zip} yet.` };
      const state = taxStateOf({ zip: p.zip });
      if (!state.ok) return { ok: false, code: "ADDRESS_INVALID", field: state.field, message: state.message };
      const cart = await deps.cart.checkoutView(db, p.cartId, p.customerId);
      if (!cart) return notFound;
      return {
        ok: true,
        totals: totalsFor(cart, state.state, p.method, await addonOf(p.site, p.cartId)),
        warehouse: warehouse.code,
        discountCodes: cart.discountCodes,
      };
    },

    /**
     * SPEC §4/§7 multipass (`/api/multipass`): a signed, 10-minute checkout URL naming the signed-in
     * customer and their cart. The e-mail must be the customer's own; the cart theirs or a guest cart.
     */
    async issueMultipass(p: {
      site: SiteId;
      customerId: string;
      email: string;
      cartId: string | null;
      checkoutPath: string;
      secret: string;
      now: Date;
    }): Promise<MultipassResult> {
      const customer = await deps.identity.customer(p.customerId);
      if (!customer || customer.email.toLowerCase() !== p.email.trim().toLowerCase())
        return { ok: false, code: "EMAIL_NOT_YOURS", field: "email", message: "The e-mail is not the signed-in customer's." };
      if (!p.cartId || !(await deps.cart.shopper(p.customerId).mayUse(p.cartId, p.site)))
        return { ok: false, code: "CART_NOT_FOUND", field: "cartId", message: "No such cart." };
      const signed = await signMultipass(p.secret, { customerId: p.customerId, email: customer.email, cartId: p.cartId }, p.now);
      return { ok: true, url: checkoutUrlWithToken(p.checkoutPath, signed.token), expiresAt: signed.expiresAt };
    },

    /**
     * Places the order (server/workflows/place-order.ts); once placed, the checkout state is dropped.
     * Every new card tried counts against the cart's and the client's card-attempt limit (card testing).
     * A signed-in customer who asked keeps the typed address (`saveAddress`) and the new card
     * (`saveCard`) — only once the order is placed, so a declined card is never kept — whichever
     * surface asks (the page or the API).
     */
    async placeOrder(
      { saveAddress, saveCard, ...input }: PlaceOrderInput & { saveAddress?: boolean; saveCard?: boolean },
      clientIp: string | null,
    ): Promise<PlaceOrderResult | Failure<"RATE_LIMITED">> {
      if (input.payment.kind === "card") {
        const allowed = await deps.identity.takeCardAttempt(input.cartId, clientIp);
        if (!allowed.ok) return allowed;
      }
      // A shopper's key is theirs alone: namespaced per customer (a guest: per cart), so it never
      // meets another shopper's order or a renewal's `renewal:` key (those come from the renewal engine).
      const scope = input.customerId ? `customer:${input.customerId}` : `guest-cart:${input.cartId}`;
      const idempotencyKey = `checkout:${scope}:${input.idempotencyKey}`;
      // Staff home delivery names the customer's address id as its ship-to: an address typed into
      // the API is kept in the address book first (SPEC §5: reused when one saved address matches).
      let shippingAddress = input.shippingAddress;
      const standing = input.site === "hpsf" && input.customerId ? await deps.staff.standing(input.customerId, new Date()) : null;
      if (standing?.ok && standing.location === "ship_to_home" && !("savedAddressId" in shippingAddress)) {
        const id = await deps.identity.savedAddressFor(input.customerId!, { ...shippingAddress, countryCode: "US" });
        if (id) shippingAddress = { savedAddressId: id };
      }
      const result = await deps.placeOrder({ ...input, shippingAddress, idempotencyKey });
      if (result.ok) await db.delete(checkoutSessions).where(eq(checkoutSessions.cartId, input.cartId));
      if (result.ok && standing?.ok)
        await recordStaffMetafields(input.customerId!, {
          shipToZip: result.order.shippingAddress.zip,
          soldTo: standing.soldTo,
          clinicZip: standing.clinic.address.zip,
        });
      if (result.ok && !result.replayed && input.customerId) {
        if (saveAddress && !("savedAddressId" in input.shippingAddress)) await keepAddress(input.site, input.customerId, input.shippingAddress);
        if (saveCard && input.payment.kind === "card") {
          const saved = await deps.payments.saveCard(input.customerId, input.payment.card);
          if (!saved.ok) deps.log?.warn({ orderId: result.order.id, field: saved.field }, "card paid but not saved");
        }
      }
      return result;
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
