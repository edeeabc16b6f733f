import { createHash, randomBytes } from "node:crypto";
import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  attachCartInput,
  cartDonationInput,
  charitySearchQuery,
  clickstreamBatch,
  clickstreamEnvelope,
  confirmationInput,
  einsQuery,
  integrationInfoInput,
  portfolioQuery,
  productDonationQuery,
  setCauseInput,
  startTrackingInput,
} from "../../rules/donations/api-input";
import { normalizeStoreId } from "../../rules/donations/provider";
import { isUuid } from "../../rules/shared/ids";
import { readCookie, setCookie } from "../../rules/shared/cookies";
import { cartIdFromCookieHeader } from "../../rules/cart/cookies";
import { identityOf } from "./identity";
import { dollarsToCents } from "../../rules/shared/money";
import { fieldErrors } from "../../rules/shared/zod-errors";
import { isHttps } from "../modules/identity";
import { clientIp } from "./client-ip";
import type { StoreRow, TrackingFailure } from "../modules/donations";
import type { AppEnv } from "./env";
import { apiError, jsonBody, queryInput } from "./errors";

// The donation provider's API (SPEC §7 "Donation provider", ARCHITECTURE §4) under /api/donations/.
// Every call names its store in the x-store-id header (SPEC §5: 32 hex once spaces, dashes, braces
// and parentheses are removed; else 400 "Invalid StoreId"); a well-formed id of no store is 404.
//
// Tracking records belong to the browser session that started them. POST tracking gives the
// browser a random donation session key in an httpOnly cookie (when it has none) and stores only
// its SHA-256; every tracking/{id}/* call must come with the same key. Another session's id — or a
// call without the cookie — answers 404, exactly like an unknown id (ARCHITECTURE §4: someone
// else's resource is never told apart from a missing one, so ids cannot be probed).

export const DONATION_SESSION_COOKIE = "sg_session";
const DONATION_SESSION_MAX_AGE_S = 30 * 24 * 3600;
const DONATION_COOKIE_PATH = "/api/donations";

type DonationEnv = { Variables: AppEnv["Variables"] & { donationStore: StoreRow } };

const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");
/** The donation session key's hash from the request's cookie; null without one. */
const sessionKeyHash = (c: Context<DonationEnv>) => {
  const key = readCookie(c.req.header("cookie"), DONATION_SESSION_COOKIE);
  return key && /^[A-Za-z0-9_-]{32,64}$/.test(key) ? hashKey(key) : null;
};

const INVALID_STORE_ID = "Invalid StoreId";

/** Tracking failures → answers: unknown or another session's → 404, confirmed → 409, unknown cause → 400 on causeId. */
function trackingFailure(c: Context<DonationEnv>, failure: TrackingFailure) {
  if (failure.code === "NOT_FOUND") return apiError(c, 404, "not_found", failure.message);
  if (failure.code === "UNKNOWN_CAUSE") return apiError(c, 400, "bad_request", `Invalid causeId: ${failure.message}`, { causeId: failure.message });
  return apiError(c, 409, "tracking_confirmed", failure.message);
}

const toCents = (dollars: number) => dollarsToCents(dollars);

/**
 * The signed-in customer asking for a donation amount (the session's, never a field): a segment
 * that changes the amount is proven from this customer's own record, as at order time, so the
 * widget shows what the order will record. Null for a guest.
 */
const askingCustomer = async (c: Context<DonationEnv>) => (await identityOf(c as unknown as Context<AppEnv>)).customer?.id ?? null;

export function donationRoutes() {
  const app = new Hono<DonationEnv>();

  // The store of the x-store-id header, for every call.
  app.use(async (c, next) => {
    const storeId = normalizeStoreId(c.req.header("x-store-id"));
    if (!storeId) return apiError(c, 400, "invalid_store_id", INVALID_STORE_ID, { "x-store-id": INVALID_STORE_ID });
    const store = await c.get("deps").services.donations.store(storeId);
    if (!store) return apiError(c, 404, "not_found", "No donation store with this id.", { "x-store-id": "No donation store with this id." });
    c.set("donationStore", store);
    await next();
  });

  /** A tracking id from the path: anything but a UUID is unknown (no query). */
  const trackingCall = (c: Context<DonationEnv>): { ok: true; id: string; hash: string } | { ok: false; response: Response } => {
    const id = c.req.param("trackingId") ?? "";
    const hash = sessionKeyHash(c);
    if (!isUuid(id) || !hash) return { ok: false, response: apiError(c, 404, "not_found", "No donation tracking with this id.") };
    return { ok: true, id, hash };
  };

  // POST tracking root {storeId, isTestMode, isForceTestMode} → {trackingId, causeId}
  app.post("/tracking", jsonBody(startTrackingInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const store = c.get("donationStore");
    if (parsed.data.storeId !== undefined && normalizeStoreId(parsed.data.storeId) !== store.id)
      return apiError(c, 400, "bad_request", "Invalid storeId: it is not the x-store-id header's store.", { storeId: INVALID_STORE_ID });
    let key = readCookie(c.req.header("cookie"), DONATION_SESSION_COOKIE);
    const fresh = !key || !/^[A-Za-z0-9_-]{32,64}$/.test(key);
    if (fresh) key = randomBytes(32).toString("base64url");
    // Each call adds a row: counted per donation session and per client IP (a script dropping the
    // cookie every time is still counted by its address).
    const deps = c.get("deps");
    const attempt = await deps.services.rateLimit.take(
      "donation_tracking",
      `donation:${hashKey(key!)}`,
      clientIp(c as unknown as Context<AppEnv>, deps.config.trustProxy),
    );
    if (!attempt.ok) return apiError(c, 429, "rate_limited", attempt.message);
    const started = await c.get("deps").services.donations.startTracking(store, hashKey(key!), parsed.data.isTestMode || parsed.data.isForceTestMode);
    // Sent to these calls only: a page request carrying it would miss the guest page cache.
    if (fresh)
      c.header(
        "Set-Cookie",
        setCookie(DONATION_SESSION_COOKIE, key!, {
          maxAgeSeconds: DONATION_SESSION_MAX_AGE_S,
          httpOnly: true,
          secure: isHttps(c.req.raw),
          raw: true,
          path: DONATION_COOKIE_PATH,
        }),
      );
    c.header("Cache-Control", "no-store");
    return c.json(started, 201);
  });

  app.put("/tracking/:trackingId/set-cause", jsonBody(setCauseInput), async (c) => {
    const call = trackingCall(c);
    if (!call.ok) return call.response;
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const r = await c.get("deps").services.donations.setCause(c.get("donationStore"), call.id, call.hash, String(parsed.data.causeId));
    return r.ok ? c.json({ trackingId: call.id, causeId: r.causeId, causeName: r.causeName }) : trackingFailure(c, r);
  });

  app.get("/tracking/:trackingId/cause", async (c) => {
    const call = trackingCall(c);
    if (!call.ok) return call.response;
    const r = await c.get("deps").services.donations.trackedCause(c.get("donationStore"), call.id, call.hash);
    if (!r.ok) return trackingFailure(c, r);
    c.header("Cache-Control", "no-store");
    return c.json({ CauseId: r.CauseId, CauseName: r.CauseName });
  });

  app.put("/tracking/:trackingId/add-integration-info", jsonBody(integrationInfoInput), async (c) => {
    const call = trackingCall(c);
    if (!call.ok) return call.response;
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const r = await c
      .get("deps")
      .services.donations.addIntegrationInfo(c.get("donationStore"), call.id, call.hash, parsed.data.integrationType, parsed.data.info);
    return r.ok ? c.json({ trackingId: call.id, stored: r.stored }) : trackingFailure(c, r);
  });

  app.put("/tracking/:trackingId/set-confirmation-data", jsonBody(confirmationInput), async (c) => {
    const call = trackingCall(c);
    if (!call.ok) return call.response;
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const r = await c.get("deps").services.donations.setConfirmationData(c.get("donationStore"), call.id, call.hash, parsed.data.confirmationData);
    return r.ok ? c.json({ trackingId: call.id, confirmed: true }) : trackingFailure(c, r);
  });

  // PUT tracking/{id}/cart ({segmentId?}): binds this browser's tracking to the shopper's current cart (the
  // cart cookie, Path=/, reaches this path), so the checkout learns the tracking from the server's
  // record — another browser can neither attach a tracking it did not start nor name a cart it does
  // not hold. Unknown or another session's tracking: 404. No cart of this shopper (none yet, emptied
  // while the widget was starting, or someone else's): nothing to attach, answered as such — not an
  // error, since the widget attaches again whenever the cart page shows. The segment the widget
  // matched rides along (an id only: the server decides what it gives, and keeps it only when it is
  // this store's and active), so the order gives what the widget showed.
  app.put("/tracking/:trackingId/cart", jsonBody(attachCartInput), async (c) => {
    const call = trackingCall(c);
    if (!call.ok) return call.response;
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const cartId = cartIdFromCookieHeader(c.req.header("cookie"));
    const customerId = (await identityOf(c as unknown as Context<AppEnv>)).customer?.id ?? null;
    const { services } = c.get("deps");
    const cart = cartId ? await services.cart.shopper(customerId).getCart(cartId, c.get("site").id) : null;
    c.header("Cache-Control", "no-store");
    if (!cart || cart.totalQuantity < 1) return c.json({ trackingId: call.id, attached: false });
    const r = await services.donationLedger.attachTracking(c.get("donationStore"), call.id, call.hash, cart.id, parsed.data.segmentId ?? null);
    if (!r.ok) return trackingFailure(c, r);
    return c.json({ trackingId: call.id, attached: true, segmentId: r.segmentId });
  });

  app.get("/stores/cc-small/none", async (c) => c.json(await c.get("deps").services.donations.storeConfiguration(c.get("donationStore"))));

  app.get("/products/donation-by-cms-id", queryInput(productDonationQuery), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const { realPrice, ...rest } = parsed.data;
    const customerId = await askingCustomer(c);
    const r = await c.get("deps").services.donations.productDonation(c.get("donationStore"), { ...rest, customerId, realPriceCents: toCents(realPrice) });
    if (!r.ok) return apiError(c, 400, "bad_request", `Invalid ${r.field}: ${r.message}`, { [r.field]: r.message });
    c.header("Cache-Control", "private, no-store");
    return c.json({ result: r.result });
  });

  app.post("/products/get-multiple-donation", jsonBody(cartDonationInput), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    const { cmsIds, cartDiscount, ...rest } = parsed.data;
    const lines = cmsIds.map((l) => ({ cmsId: l.id, unitPriceCents: toCents(l.price), quantity: l.quantity, discountCents: toCents(l.discount) }));
    const customerId = await askingCustomer(c);
    const r = await c
      .get("deps")
      .services.donations.cartDonation(c.get("donationStore"), { ...rest, customerId, lines, cartDiscountCents: toCents(cartDiscount) });
    if (!r.ok) return apiError(c, 400, "bad_request", `Invalid ${r.field}: ${r.message}`, { [r.field]: r.message });
    c.header("Cache-Control", "private, no-store");
    return c.json(r.result);
  });

  app.get("/charities/search", queryInput(charitySearchQuery), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    return c.json(await c.get("deps").services.donations.searchCharities(parsed.data));
  });

  app.get("/charities/search-by-eins", queryInput(einsQuery), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    return c.json({ charities: await c.get("deps").services.donations.charitiesByEins(parsed.data.eins) });
  });

  app.get("/portfolios/cc-query-with-charities", queryInput(portfolioQuery), async (c) => {
    const parsed = await c.req.valid("json")();
    if (!parsed.ok) return parsed.response;
    return c.json({ portfolios: await c.get("deps").services.donations.portfoliosWithCharities(parsed.data.id) });
  });

  // POST clickstream/events: one SPEC §3 envelope, or a batch (an array) of them. Anyone may post
  // (the widget runs for guests), so each request is counted per client IP and for all clients
  // together (429 beyond), the body is capped at CLICKSTREAM_BODY_BYTES by the edge (413), and the
  // events are purged after CLICKSTREAM_RETENTION_DAYS by the retention job.
  // Declared for the OpenAPI document; parsed below by hand, a batch's wrong store named by its index.
  app.post("/clickstream/events", jsonBody(z.union([clickstreamEnvelope, clickstreamBatch])), async (c) => {
    const deps = c.get("deps");
    const attempt = await deps.services.rateLimit.take("donation_events", "clickstream", clientIp(c as unknown as Context<AppEnv>, deps.config.trustProxy));
    if (!attempt.ok) return apiError(c, 429, "rate_limited", attempt.message);
    let raw: unknown;
    try {
      raw = JSON.parse((await c.req.text()) || "null");
    } catch {
      return apiError(c, 400, "invalid_json", "The request body is not valid JSON.");
    }
    const result = (Array.isArray(raw) ? clickstreamBatch : clickstreamEnvelope.transform((e) => [e])).safeParse(raw) as z.ZodSafeParseResult<
      z.infer<typeof clickstreamBatch>
    >;
    if (!result.success) {
      const fields = fieldErrors(result.error, "body");
      const [first] = Object.entries(fields);
      return apiError(c, 400, "bad_request", first ? `Invalid ${first[0]}: ${first[1]}` : "Invalid request.", fields);
    }
    const store = c.get("donationStore");
    const wrong = result.data.findIndex((e) => normalizeStoreId(e.store_id) !== store.id);
    if (wrong >= 0) {
      const field = Array.isArray(raw) ? `${wrong}.store_id` : "store_id";
      return apiError(c, 400, "bad_request", `Invalid ${field}: it is not the x-store-id header's store.`, { [field]: INVALID_STORE_ID });
    }
    return c.json(await c.get("deps").services.donations.recordEvents(store.id, result.data), 202);
  });

  return app;
}
