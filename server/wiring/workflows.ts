import type { PriceAnswer } from "../modules/autoship";
import { createMembership } from "../workflows/clinic-membership";
import { placeOrder, type PlaceOrderInput } from "../workflows/place-order";
import { answerPriceInAccount, answerPriceLink, readPriceLink } from "../workflows/price-answer";
import { renewSubscription, type RenewalDeps } from "../workflows/renew-subscription";
import { acceptSaveDiscount } from "../workflows/save-offer";
import type { Modules, WiringContext } from "./modules";

/** The workflows the pages and the API call, each given the modules it lists as its ports. */
export function createWorkflows(modules: Modules, { db, config, log }: Omit<WiringContext, "paymentProvider">) {
  const { cart, orders, payments, mail, catalog, staff, identity, clinics, rateLimit, marketing } = modules;
  const renewalDeps = (secret?: string): RenewalDeps => ({ db, services: { cart, orders, payments, mail, catalog, staff, identity }, config, log, secret });
  return {
    placeOrder: (input: PlaceOrderInput) => placeOrder({ db, services: { cart, orders, payments, mail, staff, identity, marketing }, config, log }, input),
    /** One renewal now, through the renewal workflow: Ship now (My Subscriptions) and the console's retry. */
    renew: (subscriptionId: string, now: Date, trigger: "ship_now" | "schedule", secret?: string, claim?: Date) =>
      renewSubscription(renewalDeps(secret), subscriptionId, { now, trigger, claim }),
    /**
     * Answers to renewals the price guard held: the mail's signed links (the app's secret comes from
     * the request context) and the owner's buttons in My Autoships; "renew" places the order at once.
     */
    autoshipPrice: {
      read: (secret: string, token: string, now: Date) => readPriceLink(renewalDeps(), secret, token, now),
      answerLink: (secret: string, token: string, now: Date) => answerPriceLink({ ...renewalDeps(), secret }, token, now),
      answerInAccount: (p: { customerId: string; subscriptionId: string; holdId: string; decision: PriceAnswer }, now: Date) =>
        answerPriceInAccount(renewalDeps(), p, now),
    },
    // The clinic directory's search and the member's moves, for the clinic step, My Clinic and the API.
    membership: createMembership({ db, services: { clinics, identity, mail }, log }, rateLimit),
    /** The cancellation flow's one-time discount, accepted from My Autoships. */
    acceptSaveDiscount: (customerId: string, subscriptionId: string, now: Date) => acceptSaveDiscount({ db }, customerId, subscriptionId, now),
  };
}

export type Workflows = ReturnType<typeof createWorkflows>;
