import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Logger } from "../log";
import { formatMoney, formatUsd } from "../../rules/shared/money";
import { contentPick } from "../../rules/marketing/campaign-content";
import { createAutoshipService, type ShipNow } from "../modules/autoship";
import { createCartService } from "../modules/cart";
import { createCatalogService } from "../modules/catalog";
import { createCheckoutService } from "../modules/checkout";
import { createClinicsService } from "../modules/clinics";
import { createConsentService } from "../modules/consent";
import { createContactService } from "../modules/contact";
import { createPetsService } from "../modules/pets";
import { createSiteGate } from "../modules/content";
import { createContentService } from "../modules/content";
import { createDonationLedger } from "../modules/donations";
import { createDonationsService } from "../modules/donations";
import { createErrorReporter } from "../modules/errors";
import { createErrorsService } from "../modules/errors";
import { createStackMapper } from "../modules/errors";
import { createIdentityService, sessionIdleMs } from "../modules/identity";
import { PERSISTED_CART } from "../modules/identity";
import { createMailService } from "../modules/mail";
import { createCampaignService, createMarketingService, outsideServiceFor } from "../modules/marketing";
import { templates } from "../modules/mail";
import { createOperatorsService } from "../modules/operators";
import { createOrdersService } from "../modules/orders";
import type { PaymentProvider } from "../modules/payments";
import { createPaymentsService } from "../modules/payments";
import { createRateLimitService, limitedAddress } from "../modules/rate-limit";
import { createReviewsService } from "../modules/reviews";
import { createReviewReads } from "../read-models/review-reads";
import { customerSegmentRecord } from "../workflows/donation-segment-record";
import type { PlaceOrderInput, PlaceOrderResult } from "../workflows/place-order";
import { createStaffStanding } from "../workflows/staff-checkout";
import { staffAccess } from "../staff-access";
import { createTestClock } from "../test-clock";

/** `secret`: the app's secret, which signs the links modules put in mails. */
export type WiringContext = { db: Db; config: Config; log?: Logger; paymentProvider: PaymentProvider; secret: string };

/** What modules call back into the workflows for; bound once the workflows exist (server/wiring/index.ts). */
export type WorkflowPorts = { shipNow: ShipNow; placeOrder: (input: PlaceOrderInput) => Promise<PlaceOrderResult> };

/**
 * Every module's service, with the ports each declares filled from the other modules. The staff
 * standing (a member's clinic, delivery and allowance, read from identity, clinics and orders) is
 * built here too, because the cart's allowance check asks it.
 */
export function createModules({ db, config, log, paymentProvider, secret }: WiringContext, workflows: WorkflowPorts) {
  const catalog = createCatalogService(db, config, log);
  const content = createContentService(db, {
    tokens: { freeShippingThreshold: formatUsd(config.freeShippingThresholdCents, { compact: true }) },
    onInvalidBody: (info) => log?.warn(info, "content entry with an invalid body left out"),
  });
  // Links in mails sent outside a request (or without one's origin): PUBLIC_URL, else this server.
  const mailOrigin = () => config.publicUrl ?? `http://localhost:${config.port}`;
  const rateLimit = createRateLimitService(db);
  const errorReports = createErrorsService(db);
  // SPEC §4: a session idles out on the server when the browser's inactivity warning would end it.
  const identity = createIdentityService(db, { rateLimit, sessionIdleMs: sessionIdleMs(config.inactivitySeconds) });
  const orders = createOrdersService(db);
  const clinics = createClinicsService(db);
  const staff = createStaffStanding({ services: { identity, clinics, orders }, config });
  const cart = createCartService(db, config, catalog, undefined, {
    log,
    autoshipHistory: (customerId, conn) => orders.hasSubscriptionOrder(customerId, conn),
    programPricing: async (customerId, conn) => staffAccess(await identity.staffProfile(customerId, conn), config.pdAccountGroups).eligibleForPd,
    staffQuota: async (customerId) => {
      const standing = await staff.standing(customerId, new Date());
      return standing.ok ? standing.quota : null;
    },
    // The saved-cart pointer lives on the customer (SPEC §3 metafield); only the cart module writes it.
    savedCart: {
      get: async (customerId) => (await identity.metafield(customerId, PERSISTED_CART.namespace, PERSISTED_CART.key))?.value ?? null,
      // One key, replaced in place; only a customer whose API client filled the metafield limit first keeps none.
      set: async (customerId, cartId) => {
        await identity.setMetafields(customerId, [{ ...PERSISTED_CART, type: "single_line_text_field", value: cartId }]);
      },
      clear: (customerId) => identity.deleteMetafieldByKey(customerId, PERSISTED_CART.namespace, PERSISTED_CART.key),
    },
    guestCartAllowed: async (clientIp) => {
      // Counted by the client's address alone (the key); an unknown address is not limited.
      if (!clientIp) return { ok: true };
      const attempt = await rateLimit.take("guest_cart", `client:${limitedAddress(clientIp)}`, null);
      return attempt.ok ? { ok: true } : { ok: false, minutes: attempt.minutes };
    },
  });
  const mail = createMailService(db, config, log);
  const payments = createPaymentsService(db, paymentProvider);
  const donationLedger = createDonationLedger(db, { log });
  const pets = createPetsService(db);
  // Browser tests only (TEST_CLOCK): the marketing list's clock, moved by POST /api/test/clock.
  const testClock = config.testClock ? createTestClock() : null;
  const marketing = createMarketingService({
    db,
    rateLimit,
    mail,
    config: { storeName: config.storeName, postalAddress: config.postalAddress },
    secret,
    origin: mailOrigin,
    log,
    clock: testClock?.now,
    // MARKETING_ADAPTER: the outside e-mail service told what happened (none by default: offline).
    outside: outsideServiceFor(config.marketingAdapter, log),
  });
  // A recipient its server refused for good is suppressed: the list never mails a dead address again.
  mail.whenHardBounced((to) => marketing.suppress(to, "hard_bounce"));
  return {
    catalog,
    cart,
    // Ship now (My Subscriptions) places the renewal order at once through the renewal workflow.
    autoship: createAutoshipService({
      db,
      config,
      catalog,
      identity,
      payments,
      mail,
      rateLimit,
      pets,
      log,
      shipNow: (id, now, claim) => workflows.shipNow(id, now, claim),
    }),
    checkout: createCheckoutService({
      db,
      config,
      cart,
      catalog,
      identity,
      orders,
      mail,
      payments,
      log,
      placeOrder: (input) => workflows.placeOrder(input),
      staff,
      donationCart: (site, cartId) => donationLedger.cartDonation(site, cartId, config.donationStoreId),
    }),
    clinics,
    staff,
    contact: createContactService(db, rateLimit),
    /** The pets customers keep in My Account. */
    pets,
    /** Proof of consent: the privacy manager's decisions, kept 13 months (server/jobs/retention-purge.ts). */
    consent: createConsentService(db, rateLimit),
    /** Content entries for the storefront; the console's Content section drafts and publishes them. */
    content,
    /** Product reviews: list, summaries, eligibility, submit, helpful votes, moderation, review-request mails. */
    reviews: createReviewsService(db, rateLimit, {
      ports: createReviewReads(db),
      mailer: {
        send: (m) => mail.send(m),
        render: (d) => templates.reviewRequest({ storeName: config.storeName, ...d }),
        // Requests go to the shop's customers only (server/read-models/review-reads.ts).
        origin: mailOrigin,
      },
    }),
    /** The donation provider (SPEC §7): store configuration, causes, tracking, amounts, clickstream, ledger. */
    // A segment's back-end property is read from the asking customer's own record (never the page's word).
    donations: createDonationsService(db, { customerProperty: (customerId) => customerSegmentRecord(identity, customerId) }),
    /** Donations at order time: a cart's tracking and add-on, the order's ledger rows and what it gave. */
    donationLedger,
    gate: createSiteGate(config, rateLimit),
    identity,
    mail,
    orders,
    payments,
    rateLimit,
    /** Unhandled server errors and browser reports: to Sentry with SENTRY_DSN, otherwise to the errors table. */
    errors: createErrorReporter({ errors: errorReports, rateLimit, log, sentryDsn: config.sentryDsn, environment: config.env, mapStack: createStackMapper() }),
    /** The errors table, for the console's Errors page and `npm run errors`. */
    errorReports,
    operators: createOperatorsService(db, { rateLimit }),
    /** The marketing list: double opt-in, one-click unsubscribe, the preference centre, suppression. */
    marketing,
    /** Marketing campaigns: composed in the console, sent by the renewal pass; picked products drawn live from the catalog. */
    campaigns: createCampaignService({
      db,
      mail,
      config: { storeName: config.storeName, postalAddress: config.postalAddress },
      secret,
      origin: mailOrigin,
      products: async (handles, site) =>
        (await catalog.getProductsByHandles([...handles], site)).map((p) => {
          const v = p.variants.find((x) => x.inStock) ?? p.variants[0];
          return {
            handle: p.handle,
            title: p.title,
            price: v ? formatMoney(v.price) : "",
            inStock: p.variants.some((x) => x.inStock),
            path: v ? `/products/${v.variantURL}?sku=${encodeURIComponent(v.sku)}` : "/",
            imageUrl: p.featuredImage?.url ?? null,
          };
        }),
      // A promotion first, else a highlight: the two kinds of block whose heading, words and link make sense in a mail.
      contents: async (keys, site) =>
        (
          await Promise.all(
            keys.map(async (key) => {
              const body = (await content.entry("promotion-banner", key, site)) ?? (await content.entry("highlight-content-block", key, site));
              return body ? [contentPick(key, body)] : [];
            }),
          )
        ).flat(),
    }),
    /** The browser tests' clock hook (server/test-clock.ts); null unless TEST_CLOCK is on. */
    testClock,
  };
}

export type Modules = ReturnType<typeof createModules>;
