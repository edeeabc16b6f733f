import type { Config } from "./config";
import type { Db } from "./db/client";
import { createAutoshipService } from "./modules/autoship/service";
import { createCartService } from "./modules/cart/service";
import { createCatalogService } from "./modules/catalog/service";
import { createCheckoutService } from "./modules/checkout/service";
import { createClinicsService } from "./modules/clinics/service";
import { createSiteGate } from "./modules/content/gate";
import { isUuid } from "../rules/ids";
import type { Failure } from "./modules/identity/results";
import { createContentService } from "./modules/content/service";
import { createContactService } from "./modules/contact/service";
import { createDonationsService } from "./modules/donations/service";
import { addonChoiceOf, createDonationLedger } from "./modules/donations/ledger";
import { customerSegmentRecord } from "./workflows/donation-segment-record";
import { donationStoreFor } from "../rules/donations";
import type { SiteId } from "../rules/site";
import { createIdentityService, sessionIdleMs } from "./modules/identity/service";
import { PERSISTED_CART } from "./modules/identity/view";
import { createMailService } from "./modules/mail/service";
import { createOrdersService } from "./modules/orders/service";
import { createTestProcessor, type PaymentProvider } from "./modules/payments/provider";
import { createPaymentsService } from "./modules/payments/service";
import { createRateLimitService, limitedAddress } from "./modules/rate-limit/service";
import { createConsentService } from "./modules/consent/service";
import { createReviewsService } from "./modules/reviews/service";
import { createReviewReads } from "./workflows/review-reads";
import { templates } from "./modules/mail/templates";
import { createErrorsService } from "./modules/errors/service";
import { createErrorReporter } from "./modules/errors/reporter";
import { createStackMapper } from "./modules/errors/source-maps";
import type { Logger } from "./log";
import { placeOrder, type PlaceOrderInput, type PlaceOrderResult } from "./workflows/place-order";
import { renewSubscription } from "./workflows/renew-subscription";
import { advanceOrder } from "./workflows/advance-order";
import { createConsole } from "./workflows/console";
import { createContentConsole } from "./workflows/console-content";
import { createCustomersConsole } from "./workflows/console-customers";
import { eraseCustomer } from "./workflows/erase-customer";
import { requestPasswordReset } from "./workflows/password-reset";
import { createCustomerConsoleReads } from "./workflows/console-customer-reads";
import { refundOrderPart } from "./workflows/refund-order";
import { lowStock } from "./modules/inventory/service";
import { createSubscriptionsConsole } from "./workflows/console-subscriptions";
import { createCatalogConsole } from "./workflows/console-catalog";
import { createDonationsConsole } from "./workflows/console-donations";
import { createReviewsConsole } from "./workflows/console-reviews";
import { createOperatorsService } from "./modules/operators/service";
import { createRenewalStore } from "./modules/autoship/renewals";
import { dayOf } from "../rules/calendar-days";
import { choosePreferredAddress, staffStanding } from "./workflows/staff-checkout";
import { staffShipsTo } from "./workflows/staff-delivery";
import type { PreferredAddress } from "../rules/checkout-attributes";
import { formatUsd } from "../rules/money";
import { staffAccess } from "./staff-access";
import { approveMembership, endMembership, joinClinic, leaveClinic, type JoinResult } from "./workflows/clinic-membership";
import { clinicListing, type ClinicDirectoryPage, type ClinicSearch } from "./modules/clinics/service";
import { answerPriceInAccount, answerPriceLink, readPriceLink } from "./workflows/price-answer";
import type { PriceAnswer } from "./modules/autoship/price-holds";

type RateLimited = { ok: false; code: "RATE_LIMITED"; message: string };

/** Every module's service, wired once per process and shared by pages and the API. */
export function createServices(db: Db, config: Config, log?: Logger, paymentProvider: PaymentProvider = createTestProcessor()) {
  const catalog = createCatalogService(db, config, log);
  const rateLimit = createRateLimitService(db);
  const errorReports = createErrorsService(db);
  // SPEC §4: a session idles out on the server when the browser's inactivity warning would end it.
  const identity = createIdentityService(db, { rateLimit, sessionIdleMs: sessionIdleMs(config.inactivitySeconds) });
  const orders = createOrdersService(db);
  const donationLedger = createDonationLedger(db, { log });
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
  const clinics = createClinicsService(db);
  // A staff member's standing at the checkout (membership, sold-to, delivery, quota) and their choice of delivery.
  const staffDeps = { services: { identity, clinics, orders }, config };
  const staff = {
    standing: (customerId: string, now: Date, conn?: Db) => staffStanding(staffDeps, customerId, now, conn),
    choosePreferredAddress: (customerId: string, choice: PreferredAddress) => choosePreferredAddress(staffDeps, customerId, choice),
    /** Where the member's orders go (the clinic's ZIP, or home): what stock and delivery are shown for. */
    shipsTo: (customerId: string) => staffShipsTo(staffDeps, customerId),
  };
  // Ship now (My Subscriptions) places the renewal order at once through the renewal workflow.
  const autoship = createAutoshipService({
    db,
    config,
    catalog,
    identity,
    payments,
    mail,
    log,
    shipNow: async (subscriptionId, now) => {
      const r = await renewSubscription({ db, services: { cart, orders, payments, mail, catalog, staff, identity }, config, log }, subscriptionId, { now, trigger: "ship_now" });
      return r.ok ? { ok: true, orderNumber: r.orderNumber } : { ok: false, message: r.message };
    },
  });
  const membershipDeps = { db, services: { clinics, identity, mail }, log };
  // Product reviews; the console's moderation uses this one service too.
  const reviews = createReviewsService(db, rateLimit, {
    ports: createReviewReads(db),
    mailer: {
      send: (m) => mail.send(m),
      render: (d) => templates.reviewRequest({ storeName: config.storeName, ...d }),
      // Requests go to the shop's customers only (server/workflows/review-reads.ts).
      origin: () => config.publicUrl ?? `http://localhost:${config.port}`,
    },
  });
  // The operator console: operators, their sessions and the audit log; its writes through the workflows.
  const operators = createOperatorsService(db, { rateLimit });
  const operatorConsole = createConsole({
    operators,
    orders,
    advanceOrder: (input) => advanceOrder({ db, services: { payments, mail }, config, log }, input),
    refundOrderPart: (input) => refundOrderPart({ db, services: { payments, mail }, config, log }, input),
    approveMembership: (membershipId, actor) => approveMembership(membershipDeps, membershipId, actor),
    endMembership: (membershipId, actor) => endMembership(membershipDeps, membershipId, actor),
    publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
  });
  // Subscriptions on the customer's behalf: the customer's own commands; a retry through the renewal workflow.
  const consoleSubscriptions = createSubscriptionsConsole({
    operators,
    autoship,
    retryRenewal: (subscriptionId, now, secret) =>
      renewSubscription({ db, services: { cart, orders, payments, mail, catalog, staff, identity }, config, log, secret }, subscriptionId, { now, trigger: "schedule" }),
  });
  // Content entries for the storefront; the console's Content section drafts and publishes them.
  const content = createContentService(db, {
    tokens: { freeShippingThreshold: formatUsd(config.freeShippingThresholdCents, { compact: true }) },
    onInvalidBody: (info) => log?.warn(info, "content entry with an invalid body left out"),
  });
  const renewalStore = createRenewalStore(db);
  const renewalDeps = () => ({ db, services: { cart, orders, payments, mail, catalog, staff, identity }, config, log });
  return {
    autoship,
    /**
     * Answers to renewals the price guard held: the mail's signed links (the app's secret comes from
     * the request context) and the owner's buttons in My Autoships; "renew" places the order at once.
     */
    autoshipPrice: {
      read: (secret: string, token: string, now: Date) => readPriceLink(renewalDeps(), secret, token, now),
      answerLink: (secret: string, token: string, now: Date) => answerPriceLink({ ...renewalDeps(), secret }, token, now),
      answerInAccount: (p: { customerId: string; subscriptionId: string; holdId: string; decision: PriceAnswer }, now: Date) => answerPriceInAccount(renewalDeps(), p, now),
    },
    catalog,
    cart,
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
      placeOrder: (input: PlaceOrderInput): Promise<PlaceOrderResult> => placeOrder({ db, services: { cart, orders, payments, mail, staff, identity }, config, log }, input),
      staff,
      // The cart's donation tracking (a checkout attribute) and add-on or round-up (in the totals); the shop only.
      donationCart: async (site: SiteId, cartId: string) => {
        const storeId = donationStoreFor(site, config.donationStoreId);
        const choice = storeId ? await donationLedger.cartChoice(cartId) : null;
        if (!choice || choice.storeId !== storeId) return { trackingId: null, addon: null };
        return { trackingId: choice.trackingId, addon: addonChoiceOf(choice, await donationLedger.store(choice.storeId)) };
      },
    }),
    // The clinic directory and staff members' memberships (staff-feeding program).
    clinics,
    // Searching the directory and joining, switching and leaving clinics, for the clinic step, My
    // Clinic and the identity API alike: the membership and the member's identity data in one
    // transaction; searches and joins rate-limited per member and client IP.
    membership: {
      /** The directory as any staff member may see it: listings (clinicListing), never a clinic's accounts or administrator. */
      async searchClinics(customerId: string, query: ClinicSearch, ip: string | null): Promise<ClinicDirectoryPage | RateLimited> {
        const attempt = await rateLimit.take("clinic_search", `customer:${customerId}`, ip);
        if (!attempt.ok) return { ok: false, code: "RATE_LIMITED", message: attempt.message };
        const found = await clinics.search(query);
        return { ...found, results: found.results.map(clinicListing) };
      },
      async join(customerId: string, groupId: string, ip: string | null): Promise<JoinResult | RateLimited> {
        const attempt = await rateLimit.take("join_clinic", `customer:${customerId}`, ip);
        return attempt.ok ? joinClinic(membershipDeps, customerId, groupId) : { ok: false, code: "RATE_LIMITED", message: attempt.message };
      },
      leave: (customerId: string) => leaveClinic(membershipDeps, customerId),
      approve: (membershipId: string, actor: string) => approveMembership(membershipDeps, membershipId, actor),
      end: (membershipId: string, actor: string) => endMembership(membershipDeps, membershipId, actor),
    },
    contact: createContactService(db, rateLimit),
    /** Proof of consent: the privacy manager's decisions, kept 13 months (server/jobs/retention-purge.ts). */
    consent: createConsentService(db, rateLimit),
    content,
    /** Product reviews: list, summaries, eligibility, submit, helpful votes, moderation, review-request mails. */
    reviews,
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
    staff,
    operators,
    operatorConsole,
    /** The console's customers: the list and profile (read only); the reset mail and the erasure through their workflows. */
    customerReads: createCustomerConsoleReads(db),
    consoleCustomers: createCustomersConsole({
      operators,
      config,
      account: async (customerId) => {
        const c = isUuid(customerId) ? await identity.summary(customerId) : null;
        return c && { email: c.email, site: c.site };
      },
      // Annotated: the workflow takes a Pick of Services, which is this function's own return type.
      requestPasswordReset: (input): Promise<{ ok: true } | Failure<"RATE_LIMITED">> => requestPasswordReset({ identity, mail }, { ...input, ip: null, storeName: config.storeName }),
      eraseCustomer: (customerId, confirmEmail) => eraseCustomer({ db, clock: () => new Date() }, customerId, confirmEmail),
    }),
    consoleSubscriptions,
    /** The console's catalogue: products, variants, prices, publishing, stock adjustments. */
    consoleCatalog: createCatalogConsole({ db, operators }),
    consoleContent: createContentConsole({ operators, content }),
    /** The console's donations: store configuration, causes, segments, the monthly report. */
    consoleDonations: createDonationsConsole({ db, operators }),
    /** The console's review moderation: the queue, approve, reject with a policy reason, respond; audited in the change's transaction. */
    consoleReviews: createReviewsConsole({ db, operators, reviews }),
    /** The console's dashboard figures (read-only). */
    async dashboard(now: Date) {
      const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const [sales, renewals, pending, low] = await Promise.all([
        orders.salesSince(day, month),
        renewalStore.dashboardCounts(dayOf(now)),
        clinics.pendingMemberships(),
        lowStock(db),
      ]);
      return { sales, renewals, pendingMemberships: pending.length, lowStock: low };
    },
  };
}

export type Services = ReturnType<typeof createServices>;
