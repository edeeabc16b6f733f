import { systemClock, type Clock } from "../../clock";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Logger } from "../../log";
import type { CatalogService } from "../catalog";
import type { IdentityService } from "../identity";
import type { MailService } from "../mail";
import type { PaymentsService } from "../payments";
import { createSubscriptionCommands, type ShipNow } from "./commands";
import { createSubscriptionViews } from "./views";
import { createConsoleSubscriptionViews } from "./console-views";
import { isUuid } from "../../../rules/shared/ids";
import { createSubscriptionExtras } from "./extras";
import { answerLifeStageProposal, lifeStageProposalsById, type LifeStageAnswer, type LifeStageAnswerResult } from "./life-stage";
import { saveOfferReport, saveOfferSettings, setSaveOfferSettings, type SettingsInput } from "./save-offers";
import { createMailLinks } from "./mail-links";
import { createOneTimeItems } from "./one-time-items";
import type { RateLimitService } from "../rate-limit";
import type { PetsService } from "../pets";

// Autoship subscriptions: created by the place-order workflow for every autoship line of a paid
// order (checkout.ts), shown by the read model (views.ts), changed by their owner from My
// Subscriptions (commands.ts), renewed by the renewal engine through its store (renewals.ts). The
// lifecycle and its rules are pure (rules/autoship/subscription-states.ts, rules/autoship/renewal-schedule.ts).
// The module reads and writes only its own tables; the item, the address book, the wallet and the
// card-testing limit are the catalog's, identity's and payments' services.

export type { SubscriptionView } from "./views";
export type { ActionFailure, ActionResult, OnBehalf, ShipNow } from "./commands";
export type { ConsoleSubscription, ConsoleSubscriptionRow } from "./console-views";
export { autoshipLines, autoshipPayment, createSubscriptionsForOrder, type AutoshipPayment } from "./checkout";

export type AutoshipDeps = {
  db: Db;
  config: Pick<Config, "storeName" | "publicUrl">;
  catalog: Pick<CatalogService, "variantsOfProducts" | "variantBySku" | "warehouseForZip" | "variantIdsMatching" | "variantsForCart" | "productFamilies">;
  identity: Pick<IdentityService, "summary" | "customer" | "takeSubscriptionCardAttempt">;
  payments: Pick<PaymentsService, "saveCard" | "listMethods">;
  mail: Pick<MailService, "send">;
  rateLimit: Pick<RateLimitService, "take">;
  pets: Pick<PetsService, "get" | "list">;
  clock?: Clock;
  log?: Logger;
  shipNow?: ShipNow;
};

export function createAutoshipService(deps: AutoshipDeps) {
  const clock = deps.clock ?? systemClock;
  const views = createSubscriptionViews({ db: deps.db, catalog: deps.catalog, identity: deps.identity, payments: deps.payments, pets: deps.pets, clock });
  const commands = createSubscriptionCommands({ ...deps, clock, views });
  const consoleViews = createConsoleSubscriptionViews({ db: deps.db, views, catalog: deps.catalog });
  const extras = createSubscriptionExtras({ db: deps.db, catalog: deps.catalog, pets: deps.pets, clock });
  const mailLinks = createMailLinks({ db: deps.db, views, actByLink: commands.actByLink, rateLimit: deps.rateLimit });
  return {
    list: views.list,
    get: views.get,
    page: views.page,
    dateBounds: views.dateBounds,
    offerForSku: views.offerForSku,
    summary: views.summary,
    act: commands.act,
    /** The reminder mail's signed links: what one would do (the page, a GET) and its button (the POST). */
    readMailLink: mailLinks.read,
    confirmMailLink: mailLinks.confirm,
    /** The pet a subscription feeds, its price guard and its chosen substitute (My Autoships). */
    actExtra: extras.act,
    /** The operator console: every customer's subscriptions (list, detail) and a history entry for an operator's own step. */
    consoleList: consoleViews.list,
    consoleGet: consoleViews.get,
    consoleState: consoleViews.state,
    recordOnBehalf: commands.recordOnBehalf,
    bringForward: commands.bringForward,
    /** One-time items on the next delivery (My Autoships, the product page). */
    oneTime: createOneTimeItems({ db: deps.db, catalog: deps.catalog, clock }),
    /** The cancellation flow's discount setting (the console's) and what each offer achieved. */
    saveOfferSettings: () => saveOfferSettings(deps.db),
    setSaveOfferSettings: (input: SettingsInput) => setSaveOfferSettings(deps.db, input),
    saveOfferReport: (since: Date) => saveOfferReport(deps.db, since),
    /** The customer's answer to a life-stage swap proposed in My Autoships (accept swaps the item from the next delivery). */
    async answerLifeStage(customerId: string, proposalId: string, answer: LifeStageAnswer): Promise<LifeStageAnswerResult> {
      const [pending] = isUuid(proposalId) ? await lifeStageProposalsById(deps.db, [proposalId]) : [];
      // The proposed item as the catalogue sells it today on the subscription's site (asked before the lock).
      const sold = pending ? (await deps.catalog.variantsForCart([pending.toVariantId], pending.site)).get(pending.toVariantId) : undefined;
      const toProduct = sold?.published ? { productId: sold.product.id, sites: [pending!.site] } : null;
      return answerLifeStageProposal(deps.db, customerId, proposalId, answer, toProduct, clock());
    },
  };
}

export type AutoshipService = ReturnType<typeof createAutoshipService>;
