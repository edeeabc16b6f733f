import { data, redirect, type AppLoadContext } from "react-router";
import { cartCookies, cartIdFromCookieHeader } from "../../../rules/cart/cookies";
import { nextDiscountCodes, parseCartForm, type CartCommand } from "../../../rules/cart/form";
import type { CartFailure, CartResult } from "../../../server/modules/cart";
import type { CartLineView, CartView } from "../../../server/modules/cart";
import { isDocumentSubmission } from "../../lib/document-request";
import { analyticsLine, type CartActionData } from "../../components/cart/cart-types";
import { addonOffers, parseAddonChoice, ADDON_CHOICES_CENTS } from "../../../rules/donations/ledger-campaigns";
import { cartEstimate } from "../../../rules/checkout/totals";
import { amountToCents, formatUsd } from "../../../rules/shared/money";
import { failureStatus } from "../../../rules/shared/failure-status";
import type { CartDonationOffer } from "./donation-addon";

// The /cart route's loader and its one action with intents (STYLE habit 4, SPEC §4 cart lifecycle),
// and the header's cart count. Thin edge: parse the form (rules/cart/form.ts), call the cart
// service through the shopper's door (the API's owner check, pricing and saved-cart pointer), shape
// the answer. Every
// successful answer carries the cart cookies; they are cleared once the cart is empty. A plain form
// post (no JavaScript yet) is redirected to /cart; a fetcher gets {cart, errors, warnings}.

type Args = { request: Request; context: AppLoadContext };

function cookieHeaders(cart: CartView | null, guest = true): Headers {
  const headers = new Headers();
  // A signed-in customer's cart is no guest cart: no guest_col_cart_id (SPEC §9).
  for (const cookie of cartCookies(cart, { guest })) headers.append("Set-Cookie", cookie);
  return headers;
}

/** The cart the request's cookie names, if this shopper may use it (the cart API's owner check). */
const cartOfShopper = (context: AppLoadContext) => context.services.cart.shopper(context.customer?.id ?? null, context.clientIp);

/** The cart page's carousel comes from the content feature; the route hands its loader in. */
export async function cartLoader<Carousel>({ request, context }: Args, cartCarousel: (context: Args["context"]) => Promise<Carousel>) {
  const id = cartIdFromCookieHeader(request.headers.get("cookie"));
  // The carousel is everyone's, its products kept by the catalog until they change: awaited, it is
  // rendered with the page in one pass (deferred, it cost a second streamed pass, a third of the
  // page's time). A failed one is left out.
  const [found, carousel, staff] = await Promise.all([
    id ? cartOfShopper(context).getCart(id, context.site.id) : null,
    cartCarousel(context).catch(() => null),
    staffCartSummary(context),
  ]);
  const cart = found && found.totalQuantity > 0 ? found : null;
  const donation = cart ? await donationOffer(context, cart) : null;
  // A cookie naming a cart that is gone, empty or someone else's is cleared (SPEC §4).
  return data({ cart, carousel, staff, donation }, { headers: id && !cart ? cookieHeaders(null) : undefined });
}

/** The donation add-on / round-up offer for the cart (the shop's donation store, when it runs campaign 3 or 4). */
async function donationOffer(context: AppLoadContext, cart: CartView): Promise<CartDonationOffer | null> {
  const storeId = context.publicConfig.donationStoreId;
  const offer = storeId ? await context.services.donationLedger.cartOffer(cart.id, storeId) : null;
  if (!offer) return null;
  const before = amountToCents(cart.cost.totalAmount.amount);
  const offers = addonOffers(offer.activeCampaigns, before);
  const estimate = cartEstimate({ totalCents: before, donationAddon: offer.choice });
  const { choice, causeName } = offer;
  const dollars = (cents: number) => formatUsd(cents, { compact: true });
  const choices = offers.addOn ? ADDON_CHOICES_CENTS : [];
  const buttons: CartDonationOffer["buttons"] = choices.map((c) => ({
    value: String(c),
    label: dollars(c),
    name: `Add ${dollars(c)} to ${causeName}`,
    pressed: choice?.kind === "add-on" && choice.cents === c,
  }));
  if (offers.roundUpToCents !== null) {
    const label = `Round up to ${formatUsd(offers.roundUpToCents)}`;
    buttons.push({ value: "round-up", label, name: label, pressed: choice?.kind === "round-up" });
  }
  if (choice) buttons.push({ value: "none", label: "Remove donation", name: "Remove donation" });
  return {
    heading: choices.length ? `Add ${choices.map(dollars).join(" / ")} to ${causeName}` : `Give to ${causeName}`,
    buttons,
    row: estimate.donationAddonCents
      ? { label: `Donation to ${causeName}`, value: formatUsd(estimate.donationAddonCents), total: formatUsd(estimate.totalCents) }
      : null,
  };
}

/** The add-on / round-up form (intent "donation"): only a choice the store offers for this cart, on the shopper's own cart. */
async function donationAction(form: FormData, request: Request, context: AppLoadContext, document: boolean) {
  const parsed = parseAddonChoice(form.get("donation"));
  const cartId = cartIdFromCookieHeader(request.headers.get("cookie"));
  const cart = parsed.ok && cartId ? await cartOfShopper(context).getCart(cartId, context.site.id) : null;
  let error = parsed.ok ? null : parsed.message;
  if (!error && (!cart || cart.totalQuantity < 1)) error = "We could not find your cart. Please reload the page.";
  if (!error && cart && parsed.ok) {
    const storeId = context.publicConfig.donationStoreId;
    const offer = storeId ? await context.services.donationLedger.cartOffer(cart.id, storeId) : null;
    const offers = offer ? addonOffers(offer.activeCampaigns, amountToCents(cart.cost.totalAmount.amount)) : null;
    const choice = parsed.choice;
    const offered = choice === null || (choice.kind === "add-on" ? offers?.addOn : offers?.roundUpToCents != null);
    if (!offered || !storeId) error = "This donation is not offered for your cart.";
    else await context.services.donationLedger.setAddon(cart.id, storeId, choice);
  }
  if (!error && document) throw redirect("/cart");
  return data<CartActionData>(
    { intent: "donation", cart: null, errors: error ? { donation: error } : {}, warnings: [], lineId: null, added: null, removed: null },
    { status: error ? 400 : 200 },
  );
}

/** Staff site: the member's clinic, delivery choice and month's quota (the cart's weight is added on the page). */
async function staffCartSummary(context: AppLoadContext) {
  if (context.site.id !== "hpsf" || !context.customer) return null;
  const standing = await context.services.staff.standing(context.customer.id, new Date());
  if (!standing.ok) return null;
  const { clinic, preferredAddress, quota, programPricing } = standing;
  return { clinic: { name: clinic.name, address: clinic.address, homeDeliveryOnly: clinic.homeDeliveryOnly }, preferredAddress, quota, programPricing };
}

/** The cart's clinic-or-home choice (staff site): saved as the member's preferred address. */
async function deliveryAction(form: FormData, context: AppLoadContext, document: boolean) {
  const choice = form.get("delivery");
  const result =
    !context.customer || context.site.id !== "hpsf"
      ? { ok: false as const, field: "delivery", message: "Sign in with your staff account to choose a delivery." }
      : choice !== "clinic" && choice !== "home"
        ? { ok: false as const, field: "delivery", message: "Choose clinic or home delivery" }
        : await context.services.staff.choosePreferredAddress(context.customer.id, choice);
  if (result.ok && document) throw redirect("/cart");
  return data<CartActionData>(
    { intent: "delivery", cart: null, errors: result.ok ? {} : { delivery: result.message }, warnings: [], lineId: null, added: null, removed: null },
    { status: result.ok ? 200 : 400 },
  );
}

const samePlan = (line: CartLineView, plan: string | null | undefined) => (line.sellingPlanAllocation?.sellingPlan.id ?? null) === (plan ?? null);

function findLine(cart: CartView | null, variantId: string, plan: string | null | undefined) {
  return cart?.lineItems.find((l) => l.variant.id === variantId && samePlan(l, plan)) ?? null;
}

function failureErrors(failure: CartFailure, command: CartCommand): Record<string, string> {
  switch (failure.code) {
    case "CART_NOT_FOUND":
      return { form: "We could not find your cart. Please reload the page." };
    case "TOO_MANY_CARTS":
      return { form: failure.message };
    case "LINE_NOT_FOUND":
      return { lineId: "This item is no longer in your cart." };
    case "VARIANT_NOT_FOUND":
      return { variantId: "This product is not available." };
    case "SELLING_PLAN_INVALID":
      return { sellingPlanId: command.intent === "add" ? failure.message : "This Autoship frequency is not offered." };
  }
}

async function run(command: CartCommand, cartId: string | null, context: AppLoadContext) {
  const service = cartOfShopper(context);
  const site = context.site.id;
  const before = cartId ? await service.getCart(cartId, site) : null;
  const noCart: CartFailure = { ok: false, code: "CART_NOT_FOUND", message: "No cart with this id." };

  switch (command.intent) {
    case "add": {
      // SPEC §4: a cart is created on the first add, with an empty buyer identity.
      const result = before ? await service.addLines(before.id, site, [command.line]) : await service.createCart(site, {}, [command.line]);
      // SPEC §8: the add found no cart and could not create one.
      if (!before && !result.ok) context.log.warn({ code: result.code, site }, "No cart found");
      if (!result.ok) return { result };
      const plan = command.line.sellingPlanId ?? null;
      const line = findLine(result.cart, command.line.merchandiseId, plan);
      const previous = findLine(before, command.line.merchandiseId, plan)?.quantity ?? 0;
      const added = line ? { lineId: line.id, autoship: plan !== null, analytics: analyticsLine(line, line.quantity - previous) } : null;
      return { result, added };
    }
    case "update":
    case "remove": {
      if (!before) return { result: noCart };
      const lineId = command.intent === "remove" ? command.lineId : command.line.id;
      // SPEC §4: "Remove sets the line quantity to 0".
      const update = command.intent === "remove" ? { id: lineId, quantity: 0 } : command.line;
      const result = await service.updateLines(before.id, site, [update]);
      const old = before.lineItems.find((l) => l.id === lineId);
      const removed = result.ok && old && update.quantity === 0 ? analyticsLine(old, old.quantity) : null;
      return { result, removed, lineId };
    }
    case "discount": {
      if (!before) return { result: noCart };
      const codes = nextDiscountCodes(
        before.discountCodes.map((c) => c.code),
        command,
      );
      return { result: await service.updateDiscountCodes(before.id, site, codes) };
    }
    case "note": {
      if (!before) return { result: noCart };
      return { result: await service.updateNote(before.id, site, command.note) };
    }
  }
}

export async function cartAction({ request, context }: Args) {
  const form = await request.formData();
  const document = isDocumentSubmission(request.headers);
  if (form.get("intent") === "delivery") return deliveryAction(form, context, document);
  if (form.get("intent") === "donation") return donationAction(form, request, context, document);
  const parsed = parseCartForm(form);
  if (!parsed.ok) {
    return data<CartActionData>(
      {
        intent: parsed.intent,
        cart: null,
        errors: parsed.errors,
        warnings: [],
        lineId: parsed.lineId,
        added: null,
        removed: null,
      },
      { status: 400 },
    );
  }

  const command = parsed.command;
  const cartId = cartIdFromCookieHeader(request.headers.get("cookie"));
  const outcome: { result: CartResult; added?: CartActionData["added"]; removed?: CartActionData["removed"]; lineId?: string } = await run(
    command,
    cartId,
    context,
  );
  const { result } = outcome;
  const lineId = outcome.lineId ?? null;

  if (!result.ok) {
    const status = failureStatus(result.code);
    return data<CartActionData>(
      {
        intent: command.intent,
        cart: null,
        errors: failureErrors(result, command),
        warnings: [],
        lineId,
        added: null,
        removed: null,
      },
      // A cart that is gone is forgotten, so the next add starts a new one.
      { status, headers: result.code === "CART_NOT_FOUND" && cartId ? cookieHeaders(null) : undefined },
    );
  }

  const customer = context.customer;
  const headers = cookieHeaders(result.cart, !customer);
  // Post/Redirect/Get for a plain form post: a reload does not post again, and the no-JS add
  // lands on the cart.
  if (document) throw redirect("/cart", { headers });
  return data<CartActionData>(
    {
      intent: command.intent,
      cart: result.cart,
      errors: {},
      // The cart module's warnings, the staff allowance's among them (the API answers the same).
      warnings: result.warnings,
      lineId,
      added: outcome.added ?? null,
      removed: outcome.removed ?? null,
    },
    { headers },
  );
}
