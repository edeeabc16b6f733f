import { isUuid } from "../../rules/shared/ids";
import { createRenewalStore, lifeStageReport } from "../modules/autoship";
import { petCounts } from "../modules/pets";
import { upcomingLifeStageSwaps } from "../workflows/life-stage-swaps";
import type { Failure } from "../modules/identity";
import { createCustomerConsoleReads } from "../read-models/console-customer-reads";
import { createDashboardReads } from "../read-models/dashboard";
import { createDashboardTrends } from "../read-models/dashboard-trends";
import { advanceOrder } from "../workflows/advance-order";
import { createConsole } from "../workflows/console";
import { createCampaignsConsole } from "../workflows/console-campaigns";
import { createCatalogConsole } from "../workflows/console-catalog";
import { createContentConsole } from "../workflows/console-content";
import { createCustomersConsole } from "../workflows/console-customers";
import { createDonationsConsole } from "../workflows/console-donations";
import { createReviewsConsole } from "../workflows/console-reviews";
import { createMarketingAutomationsConsole } from "../workflows/console-marketing-automations";
import { createMarketingListConsole } from "../workflows/console-marketing-list";
import { createSubscriptionsConsole } from "../workflows/console-subscriptions";
import { eraseCustomer } from "../workflows/erase-customer";
import { requestPasswordReset } from "../workflows/password-reset";
import { refundOrderPart } from "../workflows/refund-order";
import type { Modules, WiringContext } from "./modules";
import type { Workflows } from "./workflows";

/** The operator console: its sections, each audited in its change's transaction, and its reads. */
export function createConsoleServices(modules: Modules, workflows: Workflows, { db, config, log }: Omit<WiringContext, "paymentProvider">) {
  const { operators, orders, payments, mail, autoship, identity, content, reviews, clinics, catalog, campaigns, marketing } = modules;
  return {
    /** Orders, memberships and operators; order changes through their workflows. */
    operatorConsole: createConsole({
      operators,
      orders,
      advanceOrder: (input) => advanceOrder({ db, services: { payments, mail }, config, log }, input),
      refundOrderPart: (input) => refundOrderPart({ db, services: { payments, mail }, config, log }, input),
      approveMembership: (membershipId, actor) => workflows.membership.approve(membershipId, actor),
      endMembership: (membershipId, actor) => workflows.membership.end(membershipId, actor),
      publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    }),
    /** Subscriptions on the customer's behalf: the customer's own commands; a retry through the renewal workflow. */
    consoleSubscriptions: createSubscriptionsConsole({
      operators,
      autoship,
      retryRenewal: (subscriptionId, now, secret) => workflows.renew(subscriptionId, now, "schedule", secret),
      retention: async (since, now) => {
        const [pets, swaps, upcomingSwaps, combinedDeliveries] = await Promise.all([
          petCounts(db),
          lifeStageReport(db, since),
          upcomingLifeStageSwaps({ db, services: { catalog } }, now, 30),
          createRenewalStore(db).combinedDeliveries(since),
        ]);
        const { subscriptionsWithPet, ...answers } = swaps;
        return { petsKept: pets.pets, petsWithBirthday: pets.withBirthday, subscriptionsWithPet, upcomingSwaps, swaps: answers, combinedDeliveries };
      },
    }),
    /** The console's customers: the list and profile (read only); the reset mail and the erasure through their workflows. */
    customerReads: createCustomerConsoleReads(db),
    consoleCustomers: createCustomersConsole({
      operators,
      config,
      account: async (customerId) => {
        const c = isUuid(customerId) ? await identity.summary(customerId) : null;
        return c && { email: c.email, site: c.site };
      },
      requestPasswordReset: (input): Promise<{ ok: true } | Failure<"RATE_LIMITED">> =>
        requestPasswordReset({ identity, mail }, { ...input, ip: null, storeName: config.storeName }),
      eraseCustomer: (customerId, confirmEmail) => eraseCustomer({ db, clock: () => new Date() }, customerId, confirmEmail),
    }),
    /** The console's catalogue: products, variants, prices, publishing, stock adjustments. */
    consoleCatalog: createCatalogConsole({ db, operators }),
    consoleContent: createContentConsole({ operators, content }),
    /** The console's donations: store configuration, causes, segments, the monthly report. */
    consoleDonations: createDonationsConsole({ db, operators }),
    /** The console's review moderation: the queue, approve, reject with a policy reason, respond; audited in the change's transaction. */
    consoleReviews: createReviewsConsole({ db, operators, reviews }),
    /** The console's marketing campaigns: compose, live segment counts, test send, schedule, pause, cancel, reports. */
    consoleCampaigns: createCampaignsConsole({ db, operators, campaigns }),
    /** The console's settings of the marketing list's automatic mails; audited. */
    consoleMarketingAutomations: createMarketingAutomationsConsole({ operators, marketing }),
    /** The console's suppression of an address on the e-mail list; audited. */
    consoleMarketingList: createMarketingListConsole({ operators, marketing }),
    /** The console's dashboard figures (read-only). */
    dashboard: createDashboardReads(db, { orders, renewals: createRenewalStore(db), clinics }),
    /** The dashboard's trends, one query per chart (read-only). */
    dashboardTrends: createDashboardTrends(db, config.staffQuota),
  };
}
