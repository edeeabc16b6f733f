import { randomUUID } from "node:crypto";
import { data, redirect, type AppLoadContext } from "react-router";
import { formValues } from "../../../rules/account/forms";
import { cartCookies } from "../../../rules/cart/cookies";
import { checkoutStateOf, stepToShow } from "../../../rules/checkout/steps-and-handoff";
import { guestEmailSchema, parseAddressChoice, parseCardFields, paymentFieldFor } from "../../../rules/checkout/forms";
import { SHIPPING_METHODS } from "../../../rules/checkout/shipping-rates";
import type { PaymentSource } from "../../../server/modules/payments";
import type { PlaceOrderInput } from "../../../server/workflows/place-order";
import { MULTIPASS_PARAM, type CheckoutReview } from "../../../server/modules/checkout";
import { cartIdOf, checkoutCustomer, receiptCookie } from "./checkout.server";
import { fieldErrors } from "../../../rules/shared/zod-errors";
import { failureStatus } from "../../../rules/shared/failure-status";
import { ATTESTATION_REQUIRED_MESSAGE } from "../../../rules/checkout/order-attributes";
import { type PreferredAddress } from "../../../rules/staff/delivery";
import { basketOfCart } from "../../../rules/consent/ga4-catalog-events";

// /checkout's loader and action. The loader decides which step may show and gathers what
// it needs; the action has one intent per step. Totals come from the server only: the page shows
// them and sends back the total it showed, so a price that changed meanwhile is caught.

type Args = { request: Request; context: AppLoadContext };

export type CheckoutActionData = { intent: string; errors: Record<string, string>; values: Record<string, string> };

export async function checkoutLoader({ request, context }: Args) {
  const url = new URL(request.url);
  const cartId = cartIdOf(request);
  const customer = await checkoutCustomer(context);
  const checkout = context.services.checkout;

  const token = url.searchParams.get(MULTIPASS_PARAM);
  if (token) {
    const accepted = await checkout.acceptMultipass({ token, secret: context.sessionSecret, now: new Date(), customer, cartId });
    if (!accepted.ok) return data({ kind: "link-error" as const, reason: accepted.reason }, { status: 403 });
    throw redirect("/checkout");
  }

  const session = cartId ? await checkout.session(cartId) : null;
  // No hand-off yet, or it was made for someone else (signed in or out since): start it again.
  if (!cartId || !session || session.customerId !== (customer?.id ?? null)) throw redirect("/checkout/start");
  const review = await checkout.review({ site: context.site.id, cartId, customer });
  if (!review || review.cart.totalQuantity < 1) throw redirect("/cart");
  // A staff member whose standing changed since the hand-off (membership ended, role not eligible) is told on the cart.
  if (context.site.id === "hpsf" && !review.staff?.standing.ok) throw redirect("/checkout/start");
  const hasAutoship = review.cart.lineItems.some((l) => l.sellingPlanAllocation !== null);
  if (hasAutoship && (!customer || !session.autoshipTermsAcknowledged)) throw redirect("/checkout/start");

  const step = stepToShow(url.searchParams.get("step"), {
    email: session.email,
    hasShipping: Boolean(session.shipping),
    shippingMethod: session.shippingMethod,
  });
  const shippingOptions = review.totalsByMethod ? SHIPPING_METHODS.map((method) => ({ method, totals: review.totalsByMethod![method] })) : [];
  const addresses = customer && step === "information" ? customer.addresses : [];
  const paymentMethods = customer && step === "payment" ? await context.services.payments.listMethods(customer.id) : [];

  return {
    kind: "checkout" as const,
    step,
    isGuest: !customer,
    hasAutoship,
    email: session.email ?? customer?.email ?? "",
    acceptsEmailMarketing: session.acceptsEmailMarketing,
    shipping: session.shipping,
    shippingMethod: session.shippingMethod,
    cart: review.cart,
    totals: review.totals,
    shippingOptions,
    stockIssues: review.stockIssues,
    staff: staffSummary(review.staff),
    addresses,
    paymentMethods,
    // A fresh key per rendered payment form: a double submit of this form places one order.
    idempotencyKey: step === "payment" ? randomUUID() : null,
    // What the checkout's analytics events carry (the staff site sends none, SPEC §2).
    analytics: context.site.isStaff ? null : basketOfCart(review.cart),
  };
}

/** What the staff checkout shows: the clinic and delivery choice, and the quota meter. */
function staffSummary(staff: CheckoutReview["staff"]) {
  if (!staff?.standing.ok) return null;
  const { clinic, preferredAddress, quota } = staff.standing;
  return {
    clinic: { name: clinic.name, address: clinic.address, homeDeliveryOnly: clinic.homeDeliveryOnly },
    preferredAddress,
    quota,
    cartLb: staff.cartLb,
    overLb: staff.quota && !staff.quota.ok ? staff.quota.overLb : null,
  };
}

export async function checkoutAction({ request, context }: Args) {
  const values = formValues(await request.formData());
  const cartId = cartIdOf(request);
  const customer = await checkoutCustomer(context);
  const checkout = context.services.checkout;
  const session = cartId ? await checkout.session(cartId) : null;
  if (!cartId || !session || session.customerId !== (customer?.id ?? null)) throw redirect("/checkout/start");
  const invalid = (errors: Record<string, string>, status = 400) =>
    data<CheckoutActionData>({ intent: values.intent ?? "", errors, values: safeValues(values) }, { status });

  switch (values.intent) {
    case "information": {
      const errors: Record<string, string> = {};
      let email = customer?.email ?? "";
      if (!customer) {
        const parsed = guestEmailSchema.safeParse(values);
        if (parsed.success) email = parsed.data.email;
        else Object.assign(errors, fieldErrors(parsed.error));
      }
      // Staff site: clinic delivery takes the clinic's address from the directory; no address is typed.
      const site = context.site.id;
      const delivery = site === "hpsf" ? deliveryChoice(values.delivery) : null;
      if (site === "hpsf" && !delivery) errors.delivery = "Choose clinic or home delivery";
      const address = delivery === "clinic" ? null : parseAddressChoice(values);
      if (address && !address.ok) Object.assign(errors, address.errors);
      if (Object.keys(errors).length || (address && !address.ok)) return invalid(errors);
      const choice = address?.ok ? address.choice : null;
      const saved = await checkout.saveInformation({
        site,
        cartId,
        customer,
        email,
        acceptsEmailMarketing: values.acceptsEmailMarketing === "on",
        address: !choice ? null : "savedAddressId" in choice ? choice : { ...choice.address, phone: choice.address.phone ?? null },
        delivery,
        // Kept in the address book by the checkout module, as place-order through the API does.
        saveAddress: values.saveAddress === "on",
      });
      if (!saved.ok) return invalid({ [saved.field]: saved.message });
      throw redirect("/checkout?step=shipping");
    }
    case "shipping": {
      const method = SHIPPING_METHODS.find((m) => m === values.shippingMethod);
      if (!method) return invalid({ shippingMethod: "Choose a shipping method" });
      await checkout.saveShippingMethod(cartId, method);
      throw redirect("/checkout?step=payment");
    }
    case "place":
      return placeOrder(values, { cartId, customer, session, context, request, invalid });
    default:
      return invalid({ form: "Unknown action." });
  }
}

const deliveryChoice = (v: string | undefined): PreferredAddress | null => (v === "clinic" || v === "home" ? v : null);

/** Card fields are never echoed back into the page. */
function safeValues(values: Record<string, string>) {
  const { cardNumber: _n, cardCvc: _c, ...rest } = values;
  return rest;
}

async function placeOrder(
  values: Record<string, string>,
  p: {
    cartId: string;
    customer: Awaited<ReturnType<typeof checkoutCustomer>>;
    session: NonNullable<Awaited<ReturnType<AppLoadContext["services"]["checkout"]["session"]>>>;
    context: AppLoadContext;
    request: Request;
    invalid: (errors: Record<string, string>, status?: number) => ReturnType<typeof data<CheckoutActionData>>;
  },
) {
  const { cartId, customer, session, context, invalid } = p;
  const state = checkoutStateOf(session);
  if (state.status !== "ready") throw redirect("/checkout");
  const choice = values.paymentChoice ?? "new";
  // Every missing field at once: the card's and, on the staff site, the attestation (place-order checks it again).
  const errors: Record<string, string> = {};
  if (context.site.id === "hpsf" && values.isAttestationChecked !== "on") errors.isAttestationChecked = ATTESTATION_REQUIRED_MESSAGE;
  let payment: PaymentSource | null = null;
  if (choice.startsWith("saved:") && customer) payment = { kind: "saved", paymentMethodId: choice.slice("saved:".length) };
  else {
    const card = parseCardFields(values);
    if (card.ok) payment = { kind: "card", card: card.card };
    else Object.assign(errors, card.errors);
  }
  if (!payment || Object.keys(errors).length) return invalid(errors);
  const expected = Number(values.expectedTotalCents);
  const input: PlaceOrderInput & { saveCard: boolean } = {
    site: context.site.id,
    cartId,
    customerId: customer?.id ?? null,
    email: state.email,
    shippingAddress: state.shipping.kind === "saved" ? { savedAddressId: state.shipping.savedAddressId } : state.shipping.address,
    shippingMethod: state.shippingMethod,
    payment,
    idempotencyKey: (values.idempotencyKey ?? "").slice(0, 200) || `checkout:${cartId}`,
    expectedTotalCents: Number.isInteger(expected) ? expected : null,
    acceptsEmailMarketing: session.acceptsEmailMarketing,
    isAttestationChecked: values.isAttestationChecked === "on",
    // Kept by the checkout module once the order is placed, as through the API.
    saveCard: values.saveCard === "on",
  };
  const result = await context.services.checkout.placeOrder(input, context.clientIp);
  if (!result.ok) {
    const status = failureStatus(result.code);
    switch (result.code) {
      case "RATE_LIMITED":
        return invalid({ cardNumber: result.message }, status);
      case "PAYMENT_DECLINED": {
        // A decline of the whole card shows at the card number (a new card) or the saved-card choice.
        const field = paymentFieldFor(result.field);
        const key = field === "form" || field === "paymentChoice" ? (payment.kind === "card" ? "cardNumber" : "paymentChoice") : field;
        return invalid({ [key]: result.message }, status);
      }
      case "OUT_OF_STOCK":
        return invalid({ form: `${result.message} Change the quantity in your cart or choose another address.` }, status);
      case "CART_CHANGED":
        return invalid({ form: `${result.message}` }, status);
      case "ATTESTATION_REQUIRED":
        return invalid({ isAttestationChecked: result.message }, status);
      case "QUOTA_EXCEEDED":
        return invalid({ form: result.message }, status);
      case "ADDRESS_NOT_FOUND":
      case "ADDRESS_INVALID":
      case "ZIP_NOT_SERVED":
        return invalid({ form: `${result.message} Please check your shipping address.` }, status);
      default:
        return invalid({ form: result.message }, status);
    }
  }
  const headers = new Headers();
  // The cart became the order: forget its cookies (place-order cleared the customer's saved-cart pointer).
  for (const cookie of cartCookies(null, { guest: !customer })) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", receiptCookie(context.sessionSecret, result.order.id, new URL(p.request.url).protocol === "https:"));
  throw redirect(`/checkout/confirmation/${result.order.id}`, { headers });
}
