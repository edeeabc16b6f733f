import { Hono, type Context } from "hono";
import {
  addressCreateInput,
  addressDeleteInput,
  addressUpdateInput,
  createCustomerTokenInput,
  defaultAddressInput,
  deleteCacheItemInput,
  deleteMetafieldInput,
  getLastOrderInput,
  getOrderInput,
  getOrdersInput,
  getSubscriptionsInput,
  multipassInput,
  refreshSessionInput,
  sendContactInput,
  sessionOnlyInput,
  updateCustomerInput,
} from "../../rules/account/customer-api-input";
import { clientIp } from "./client-ip";
import { customerProof } from "../modules/autoship";
import type { SubscriptionView } from "../modules/autoship";
import type { SessionInfo } from "../modules/identity";

import { SESSION_COOKIE, clearSessionCookie, sessionCookie, isHttps } from "../modules/identity";
import { sendContactMessage } from "../workflows/contact";
import type { AppEnv } from "./env";
import { identityOf } from "./identity";
import { preferredAddressOf } from "../../rules/staff/delivery";
import { staffAccess } from "../staff-access";
import { apiError, jsonBody } from "./errors";
import { moneyOf } from "../../rules/shared/money";
import { readCookie } from "../../rules/shared/cookies";

// The customer and order calls of SPEC §7 and the identity helpers (ARCHITECTURE §4). Every call
// proves a session first: the sessionToken in the body, or — for the shop's own pages, whose
// scripts cannot read the httpOnly cookie — the sessionToken cookie. No session → 401 ("Unauthorized
// user", SPEC §8). A customer id, address or metafield that is not the session's own → 404.

type Authed = { ok: true; session: SessionInfo; token: string; fromBody: boolean } | { ok: false; response: Response };

async function authenticate(c: Context<AppEnv>, bodyToken: string | undefined): Promise<Authed> {
  const cookieToken = readCookie(c.req.header("cookie"), SESSION_COOKIE);
  const presented = bodyToken || cookieToken;
  if (!presented) return { ok: false, response: apiError(c, 401, "unauthorized", "Sign in first.", { sessionToken: "Sign in first." }) };
  const session = await c.get("deps").services.identity.resolveSession(presented, c.get("site").id);
  if (!session) return { ok: false, response: apiError(c, 401, "unauthorized", "Unauthorized user", { sessionToken: "Unauthorized user" }) };
  return { ok: true, session, token: presented, fromBody: Boolean(bodyToken) };
}

/**
 * SPEC §3 staff-feeding user fields for the staff site's customer load (SPEC §4): role, school,
 * registration, the clinic identity data and its address, PD eligibility; the preferred address
 * defaults to the clinic when none is set.
 */
async function staffFields(c: Context<AppEnv>, customer: { id: string; preferredAddress: { id: string; value: string } | null }) {
  const { services, config } = c.get("deps");
  const profile = await services.identity.staffProfile(customer.id);
  const access = staffAccess(profile, config.pdAccountGroups);
  const clinic = profile?.preferredShipTo ? await services.clinics.byShipTo(profile.preferredShipTo) : null;
  const standing = await services.staff.standing(customer.id, new Date());
  const quota = standing.ok ? standing.quota : null;
  return {
    roleCode: profile?.roleCode ?? null,
    graduationYear: profile?.graduationYear ?? null,
    currentSchoolName: profile?.currentSchoolName ?? null,
    isRegistered: access.registered,
    SAP_CustomerAccountGroup: profile?.accountGroup ?? null,
    SF_PreferedShipTo: profile?.preferredShipTo ?? null,
    SF_StoreSoldTo: profile?.storeSoldTo ?? null,
    clinicAddress: clinic ? { ...clinic.address, homeDeliveryOnly: clinic.homeDeliveryOnly } : null,
    isEligibleForPd: access.eligibleForPd,
    pdEligibility: access.eligibleForPd,
    // SPEC §4: clinic unless set; a home-delivery-only clinic (or none) means home.
    preferredAddress: { id: customer.preferredAddress?.id ?? null, value: preferredAddressOf(customer.preferredAddress?.value, clinic) },
    // SPEC §3 quota fields: the month, the pounds used in it, the allowance, and whether it is used up.
    quotaMonth: quota?.month ?? null,
    quotaValue: quota?.usedLb ?? null,
    quotaAllowance: quota?.allowanceLb ?? null,
    quotaReached: quota?.reached ?? false,
  };
}

const notFound = (c: Context<AppEnv>, field: string, what: string) => apiError(c, 404, "not_found", `No such ${what}.`, { [field]: `No such ${what}.` });

/** "gid://shopify/Customer/<id>" or "<id>" → "<id>" (SPEC §3: platform prefix stripped). */
const bareId = (value: string) => value.replace(/^gid:\/\/[^/]+\/[^/]+\//, "");

export function customerRoutes() {
  const app = new Hono<AppEnv>();
  const services = (c: Context<AppEnv>) => c.get("deps").services;

  app.post("/get-storefront-customer", jsonBody(sessionOnlyInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const auth = await authenticate(c, parsed.data.sessionToken);
    if (!auth.ok) return auth.response;
    const customer = await services(c).identity.customer(auth.session.customerId);
    if (!customer) return apiError(c, 401, "unauthorized", "Unauthorized user");
    if (!c.get("site").isStaff) return c.json({ customer });
    return c.json({ customer: { ...customer, ...(await staffFields(c, customer)) } });
  });

  // Orders: the customer's own only, newest first; anyone else's order is not found.
  app.post("/get-storefront-orders", jsonBody(getOrdersInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const auth = await authenticate(c, parsed.data.sessionToken);
    if (!auth.ok) return auth.response;
    if (bareId(parsed.data.id) !== auth.session.customerId) return notFound(c, "id", "customer");
    const page = await services(c).orders.listForCustomer(auth.session.customerId, parsed.data);
    if (!page) return apiError(c, 400, "invalid_input", "The cursor is not valid.", { cursor: "The cursor is not valid." });
    return c.json({ orders: page });
  });

  app.post("/get-storefront-last-order", jsonBody(getLastOrderInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const auth = await authenticate(c, parsed.data.sessionToken);
    if (!auth.ok) return auth.response;
    if (bareId(parsed.data.id) !== auth.session.customerId) return notFound(c, "id", "customer");
    const lastOrder = await services(c).orders.lastForCustomer(auth.session.customerId);
    return c.json({ customer: { id: auth.session.customerId, lastOrder } });
  });

  app.post("/get-storefront-order", jsonBody(getOrderInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const auth = await authenticate(c, parsed.data.sessionToken);
    if (!auth.ok) return auth.response;
    const order = await services(c).orders.getForCustomer(auth.session.customerId, bareId(parsed.data.id));
    return order ? c.json({ order }) : notFound(c, "id", "order");
  });

  app.post("/update-customer", jsonBody(updateCustomerInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const auth = await authenticate(c, parsed.data.sessionToken);
    if (!auth.ok) return auth.response;
    const customerId = auth.session.customerId;
    if (bareId(parsed.data.customerId) !== customerId) return notFound(c, "customerId", "customer");
    const { metafields, ...profile } = parsed.data.updateInput;
    const identity = services(c).identity;
    if (metafields?.length) {
      const saved = await identity.setMetafields(customerId, metafields);
      if (!saved.ok) return apiError(c, 400, "limit_reached", saved.message, { [saved.field ?? "updateInput.metafields"]: saved.message });
    }
    const customer = await identity.updateProfile(customerId, profile);
    return c.json({ customerUpdate: { customer, userErrors: [] } });
  });

  app.post("/delete-metafield", jsonBody(deleteMetafieldInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const auth = await authenticate(c, parsed.data.sessionToken);
    if (!auth.ok) return auth.response;
    const deleted = await services(c).identity.deleteMetafield(auth.session.customerId, bareId(parsed.data.metafieldId));
    if (!deleted) return notFound(c, "metafieldId", "metafield");
    return c.json({ deletedId: deleted, userErrors: [] });
  });

  app.post("/update-customer-default-address", jsonBody(defaultAddressInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const auth = await authenticate(c, parsed.data.sessionToken);
    if (!auth.ok) return auth.response;
    const identity = services(c).identity;
    if (!(await identity.setDefaultAddress(auth.session.customerId, bareId(parsed.data.addressId)))) return notFound(c, "addressId", "address");
    return c.json({ customer: await identity.customer(auth.session.customerId), userErrors: [] });
  });

  app.post("/customer-address-create", jsonBody(addressCreateInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const auth = await authenticate(c, parsed.data.sessionToken);
    if (!auth.ok) return auth.response;
    const identity = services(c).identity;
    const created = await identity.addAddress(auth.session.customerId, parsed.data.address);
    if (!created) return apiError(c, 401, "unauthorized", "Unauthorized user");
    if (!created.ok) return apiError(c, 400, "limit_reached", created.message, { address: created.message });
    const customer = await identity.customer(auth.session.customerId);
    return c.json({ customerAddress: customer?.addresses.find((a) => a.id === created.id) ?? null, userErrors: [] });
  });

  app.post("/customer-address-update", jsonBody(addressUpdateInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const auth = await authenticate(c, parsed.data.sessionToken);
    if (!auth.ok) return auth.response;
    const identity = services(c).identity;
    const updated = await identity.updateAddress(auth.session.customerId, bareId(parsed.data.id), parsed.data.address);
    if (!updated) return notFound(c, "id", "address");
    const customer = await identity.customer(auth.session.customerId);
    return c.json({ customerAddress: customer?.addresses.find((a) => a.id === updated) ?? null, userErrors: [] });
  });

  app.post("/customer-address-delete", jsonBody(addressDeleteInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const auth = await authenticate(c, parsed.data.sessionToken);
    if (!auth.ok) return auth.response;
    const deleted = await services(c).identity.deleteAddress(auth.session.customerId, bareId(parsed.data.id));
    if (!deleted) return notFound(c, "id", "address");
    return c.json({ deletedCustomerAddressId: deleted, userErrors: [] });
  });

  /**
   * SPEC §4: a forced refresh gives the session a new token (the old one stops working). A token
   * sent in the body is answered in the body; a cookie session gets only the new cookie, so page
   * scripts never see the token.
   */
  app.post("/refresh-session-token", jsonBody(refreshSessionInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const auth = await authenticate(c, parsed.data.sessionToken);
    if (!auth.ok) return auth.response;
    const refreshed = await services(c).identity.refreshSession(auth.token, parsed.data.forceRefreshToken);
    if (!refreshed) {
      // SPEC §8: the new token could not be set — logged, and the shopper is signed out.
      c.get("deps").log.warn({ customerId: auth.session.customerId }, "Error setting session token");
      if (!auth.fromBody) c.header("Set-Cookie", clearSessionCookie(isHttps(c.req.raw)), { append: true });
      return apiError(c, 401, "unauthorized", "Unauthorized user");
    }
    if (!auth.fromBody) c.header("Set-Cookie", sessionCookie(refreshed.token, isHttps(c.req.raw)), { append: true });
    return c.json({ ...(auth.fromBody ? { sessionToken: refreshed.token } : {}), expiresAt: refreshed.expiresAt.toISOString() });
  });

  /**
   * SPEC §4 create-customer-token: the storefront token for a signed-in identity. `key` is the
   * identity session's token; the e-mail must be that account's. Answers a new token for the
   * same customer (the key stops working).
   */
  app.post("/create-customer-token", jsonBody(createCustomerTokenInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const identity = services(c).identity;
    const session = await identity.resolveSession(parsed.data.key, c.get("site").id);
    const customer = session ? await identity.summary(session.customerId) : null;
    if (!session || !customer || customer.email !== parsed.data.email) return apiError(c, 401, "unauthorized", "Unauthorized user");
    const refreshed = await identity.refreshSession(parsed.data.key, true);
    if (!refreshed) {
      c.get("deps").log.warn({ customerId: customer.id }, "Error setting session token");
      return apiError(c, 401, "unauthorized", "Unauthorized user");
    }
    return c.json({ sessionToken: refreshed.token, customerId: customer.id, expiresAt: refreshed.expiresAt.toISOString() });
  });

  return app;
}

/** /api/get-subscriptions, /api/send-contact-us, /api/crypto, /api/delete-cache-item (SPEC §7). */
export function accountHelperRoutes() {
  const app = new Hono<AppEnv>();

  // The customer's own subscriptions, in SPEC §3's mapped fields plus what a page shows.
  app.post("/get-subscriptions", jsonBody(getSubscriptionsInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const auth = await authenticate(c, parsed.data.sessionToken);
    if (!auth.ok) return auth.response;
    if (bareId(parsed.data.customer) !== auth.session.customerId) return notFound(c, "customer", "customer");
    const list = await c.get("deps").services.autoship.list(auth.session.customerId);
    return c.json({ results: list.map((s) => subscriptionResult(auth.session.customerId, s)) });
  });

  app.post("/send-contact-us", jsonBody(sendContactInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const deps = c.get("deps");
    const ip = clientIp(c, deps.config.trustProxy);
    const sent = await sendContactMessage(deps.services, {
      site: c.get("site").id,
      customerId: (await identityOf(c)).customer?.id ?? null,
      clientIp: ip,
      storeName: deps.config.storeName,
      contactTo: deps.config.mail.contactTo,
      message: parsed.data.data,
    });
    if (!sent.ok) return apiError(c, 429, "rate_limited", sent.message);
    deps.log.info({ messageId: sent.id, ip }, "contact message received");
    return c.json({ ok: true, id: sent.id });
  });

  /** The order-management cookie's proof (SPEC §7, §9 og_auth): HMAC-SHA256 of the customer id. */
  app.post("/crypto", jsonBody(sessionOnlyInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const auth = await authenticate(c, parsed.data.sessionToken);
    if (!auth.ok) return auth.response;
    return c.json({ customerId: auth.session.customerId, ...customerProof(c.get("deps").sessionSecret, auth.session.customerId) });
  });

  /**
   * SPEC §4/§7 multipass: a signed, 10-minute checkout URL naming the signed-in customer and their
   * cart (body cartId, else the col_cart_id cookie). The e-mail must be the session's own; the cart
   * the customer's or an unowned guest cart; checkoutUrl a path on this site.
   */
  app.post("/multipass", jsonBody(multipassInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const auth = await authenticate(c, parsed.data.sessionToken);
    if (!auth.ok) return auth.response;
    const deps = c.get("deps");
    const issued = await deps.services.checkout.issueMultipass({
      site: c.get("site").id,
      customerId: auth.session.customerId,
      email: parsed.data.email,
      cartId: parsed.data.cartId ?? readCookie(c.req.header("cookie"), "col_cart_id") ?? null,
      checkoutPath: parsed.data.checkoutUrl,
      secret: deps.sessionSecret,
      now: new Date(),
    });
    if (!issued.ok)
      return issued.code === "CART_NOT_FOUND" ? notFound(c, "cartId", "cart") : apiError(c, 403, "forbidden", issued.message, { email: issued.message });
    return c.json({ url: issued.url, expiresAt: issued.expiresAt.toISOString() });
  });

  // The shop keeps no per-session cache in the process (ARCHITECTURE §5): nothing to delete, and
  // the answer says so. The key is still checked, so a caller learns about a malformed one.
  app.post("/delete-cache-item", jsonBody(deleteCacheItemInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    return c.json({ deleted: false });
  });

  return app;
}

/** SPEC §3 Subscription → its mapped fields (frequency = every_period in weeks), then extras. */
function subscriptionResult(customerId: string, s: SubscriptionView) {
  return {
    customerId,
    productId: String(s.productId),
    contractId: s.contractId,
    frequencyDays: s.frequencyWeeks * 7,
    frequency: s.frequencyWeeks,
    everyPeriod: "week",
    cancelled: s.status === "cancelled",
    cancelReason: s.cancelReason,
    startDateString: s.startDate,
    quantity: s.quantity,
    weight: s.weight,
    weightUnit: s.weightUnit,
    id: s.id,
    status: s.status,
    paused: s.status === "paused",
    nextOrderDate: s.nextOrderDate,
    variantId: String(s.variantId),
    sku: s.sku,
    productTitle: s.productTitle,
    variantTitle: s.variantTitle,
    frequencyLabel: s.frequencyLabel,
    price: moneyOf(s.autoshipUnitPriceCents),
  };
}
