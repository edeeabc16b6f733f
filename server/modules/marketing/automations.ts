import { and, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { marketingMailHeaders } from "../../../rules/marketing/marketing-mail";
import { mayReceive, readAutomationSettings, REMINDER_TOPIC, type AutomationKind, type AutomationSettings } from "../../../rules/marketing/automations";
import { normalizeAddress, type Topic } from "../../../rules/marketing/subscriber";
import type { SiteId } from "../../../rules/shared/site";
import type { MailContent } from "../mail";
import { marketingLinks } from "./links";
import { automationMail, type AutomationMailInput } from "./automation-mails";
import { pushLater } from "./outside-service";
import { marketingAutomationSends, marketingAutomationSettings, marketingBackInStockRequests, marketingSubscribers } from "./schema";
import type { MarketingDeps, RequestFacts, SubscribeInput } from "./service";

// The marketing list's part of the automatic mails (rules/marketing/automations.ts): the console's
// settings, the back-in-stock requests, the once-only claims and the mails. What it guarantees:
//
// 1. A back-in-stock request is one row per site, address and variant (UNIQUE): asking again
//    while it waits changes nothing; asking after it was spent arms it again. A guest's address goes
//    through the list's double opt-in; the request waits until the address is a confirmed subscriber.
// 2. Each automatic mail is claimed before it is sent, in one statement a second pass cannot also
//    win: a back-in-stock request by `notified_at IS NULL` → now, the others by inserting their key
//    into marketing_automation_sends (UNIQUE(kind, key)). A crash between the claim and the outbox
//    loses that mail rather than sending it twice.
// 3. Just before a claim the subscriber is read again (mayReceive): an unsubscribe, a pause or a
//    suppression that happened since the pass listed the work stops the mail.
// 4. Which shop data makes a mail due (stock, carts, cancellations) is the workflow's
//    (server/workflows/marketing-automations.ts), asked through the other modules' doors.

type Subscriber = typeof marketingSubscribers.$inferSelect;

export type BackInStockRequest = { id: string; site: SiteId; email: string; variantId: number; zip: string; subscriberId: string; createdAt: Date };

export type BackInStockAnswer = { ok: true; confirmed: boolean } | { ok: false; code: "RATE_LIMITED" | "NOT_ALLOWED"; message: string };

const SETTINGS_ID = "automations";

export function createMarketingAutomations(
  deps: MarketingDeps & { clock: () => Date },
  list: { subscribe: (input: SubscribeInput, facts: RequestFacts) => Promise<{ ok: boolean }> },
) {
  const { db, clock } = deps;

  async function subscriberOf(site: SiteId, email: string, conn: Db = db): Promise<Subscriber | null> {
    const [row] = await conn
      .select()
      .from(marketingSubscribers)
      .where(and(eq(marketingSubscribers.site, site), eq(marketingSubscribers.email, normalizeAddress(email))));
    return row ?? null;
  }

  /** The mail with the marketing footer, RFC 8058 headers and links signed for this subscriber (guarantee 3 checked by the caller's claim). */
  async function send(template: `marketing.${string}`, subscriber: Pick<Subscriber, "id" | "email">, body: AutomationMailInput) {
    const origin = deps.origin();
    const links = await marketingLinks(deps.secret, subscriber.id, origin, clock());
    const content: MailContent = automationMail({ ...body, storeName: deps.config.storeName, postalAddress: deps.config.postalAddress, ...links, origin });
    await deps.mail.send({ template, to: subscriber.email, content, headers: marketingMailHeaders(links.unsubscribeUrl) });
  }

  return {
    /** "Now" for the automatic mails: the list's clock (moved by the test clock in browser tests, server/test-clock.ts). */
    now: () => clock(),

    async settings(): Promise<AutomationSettings> {
      const [row] = await db.select().from(marketingAutomationSettings).where(eq(marketingAutomationSettings.id, SETTINGS_ID));
      return readAutomationSettings(row?.settings);
    },

    /** The console's save (owner, manager; the route checks and audits). */
    async saveSettings(settings: AutomationSettings, operatorEmail: string): Promise<AutomationSettings> {
      const now = clock();
      await db
        .insert(marketingAutomationSettings)
        .values({ id: SETTINGS_ID, settings, updatedAt: now, updatedBy: operatorEmail })
        .onConflictDoUpdate({ target: marketingAutomationSettings.id, set: { settings, updatedAt: now, updatedBy: operatorEmail } });
      return settings;
    },

    /**
     * "Notify me when it's back" (guarantee 1): rate-limited per address and client like the
     * footer's sign-up; the address is asked to confirm unless it is a confirmed subscriber already.
     * `confirmed` tells the page which answer to show (a signed-in customer's own address only: a
     * guest's answer is the same for every address).
     */
    async requestBackInStock(
      input: { site: SiteId; email: string; variantId: number; zip: string; customerId: string | null },
      facts: RequestFacts,
    ): Promise<BackInStockAnswer> {
      const email = normalizeAddress(input.email);
      const attempt = await deps.rateLimit.take("back_in_stock", `email:${email}`, facts.ip);
      if (!attempt.ok) return { ok: false, code: "RATE_LIMITED", message: attempt.message };
      const now = clock();
      await db
        .insert(marketingBackInStockRequests)
        .values({ site: input.site, email, variantId: input.variantId, customerId: input.customerId, zip: input.zip, createdAt: now })
        .onConflictDoUpdate({
          target: [marketingBackInStockRequests.site, marketingBackInStockRequests.email, marketingBackInStockRequests.variantId],
          // A waiting request keeps its first ZIP and time; a spent one is armed again for today's ZIP.
          set: {
            zip: sql`case when ${marketingBackInStockRequests.notifiedAt} is null then ${marketingBackInStockRequests.zip} else excluded.zip end`,
            createdAt: sql`case when ${marketingBackInStockRequests.notifiedAt} is null then ${marketingBackInStockRequests.createdAt} else excluded.created_at end`,
            notifiedAt: null,
          },
        });
      pushLater(
        deps.outside,
        {
          type: "shop_event",
          name: "back_in_stock_requested",
          site: input.site,
          email,
          detail: { variantId: input.variantId, zip: input.zip },
          at: now.toISOString(),
        },
        deps.log,
      );
      const subscriber = await subscriberOf(input.site, email);
      if (subscriber?.state === "subscribed") return { ok: true, confirmed: true };
      if (subscriber?.state === "suppressed") return { ok: true, confirmed: false };
      await list.subscribe({ site: input.site, email, source: "back_in_stock", customerId: input.customerId }, facts);
      return { ok: true, confirmed: false };
    },

    /**
     * Waiting requests whose address is a confirmed, unpaused subscriber, oldest first (the pass asks
     * the catalogue which are back); `from`: the page after this request.
     */
    async waitingBackInStock(limit: number, from?: Pick<BackInStockRequest, "id">): Promise<BackInStockRequest[]> {
      const now = clock();
      return db
        .select({
          id: marketingBackInStockRequests.id,
          site: marketingBackInStockRequests.site,
          email: marketingBackInStockRequests.email,
          variantId: marketingBackInStockRequests.variantId,
          zip: marketingBackInStockRequests.zip,
          subscriberId: marketingSubscribers.id,
          createdAt: marketingBackInStockRequests.createdAt,
        })
        .from(marketingBackInStockRequests)
        .innerJoin(
          marketingSubscribers,
          and(eq(marketingSubscribers.site, marketingBackInStockRequests.site), eq(marketingSubscribers.email, marketingBackInStockRequests.email)),
        )
        .where(
          and(
            isNull(marketingBackInStockRequests.notifiedAt),
            eq(marketingSubscribers.state, "subscribed"),
            or(isNull(marketingSubscribers.pausedUntil), sql`${marketingSubscribers.pausedUntil} <= ${now}`),
            // The cursor's own row is read back, so its time is compared at the column's precision.
            from
              ? sql`(${marketingBackInStockRequests.createdAt}, ${marketingBackInStockRequests.id}) > (select r.created_at, r.id from ${marketingBackInStockRequests} r where r.id = ${from.id})`
              : undefined,
          ),
        )
        .orderBy(marketingBackInStockRequests.createdAt, marketingBackInStockRequests.id)
        .limit(limit);
    },

    /** Spends a request and mails it, once (guarantees 2, 3); false when another pass had it or the subscriber left. */
    async notifyBackInStock(request: BackInStockRequest, body: AutomationMailInput): Promise<boolean> {
      const now = clock();
      const subscriber = await subscriberOf(request.site, request.email);
      if (!mayReceive(subscriber, null, now)) return false;
      const [spent] = await db
        .update(marketingBackInStockRequests)
        .set({ notifiedAt: now })
        .where(and(eq(marketingBackInStockRequests.id, request.id), isNull(marketingBackInStockRequests.notifiedAt)))
        .returning({ id: marketingBackInStockRequests.id });
      if (!spent) return false;
      await send("marketing.backInStock", subscriber!, body);
      pushLater(
        deps.outside,
        {
          type: "shop_event",
          name: "back_in_stock_sent",
          site: request.site,
          email: request.email,
          detail: { variantId: request.variantId },
          at: now.toISOString(),
        },
        deps.log,
      );
      return true;
    },

    /** The requests of an address (tests, the console). */
    backInStockRequestsOf(email: string) {
      return db
        .select()
        .from(marketingBackInStockRequests)
        .where(eq(marketingBackInStockRequests.email, normalizeAddress(email)))
        .orderBy(marketingBackInStockRequests.createdAt);
    },

    /** Whether an address would receive a reminder (abandoned cart, win-back) on a site now. */
    async receivesReminders(site: SiteId, email: string, topic: Topic = REMINDER_TOPIC): Promise<boolean> {
      return mayReceive(await subscriberOf(site, email), topic, clock());
    },

    /**
     * Claims `kind`+`key` and mails the subscriber, once (guarantees 2, 3): false when the address
     * may not receive it now or another pass (or an earlier one) claimed the key.
     */
    async sendOnce(kind: Exclude<AutomationKind, "back_in_stock">, key: string, site: SiteId, email: string, body: AutomationMailInput): Promise<boolean> {
      const now = clock();
      const subscriber = await subscriberOf(site, email);
      if (!mayReceive(subscriber, REMINDER_TOPIC, now)) return false;
      const [claimed] = await db
        .insert(marketingAutomationSends)
        .values({ kind, key, email: subscriber!.email, sentAt: now })
        .onConflictDoNothing()
        .returning({ key: marketingAutomationSends.key });
      if (!claimed) return false;
      await send(kind === "abandoned_cart" ? "marketing.abandonedCart" : "marketing.winBack", subscriber!, body);
      pushLater(
        deps.outside,
        {
          type: "shop_event",
          name: kind === "abandoned_cart" ? "abandoned_cart_sent" : "win_back_sent",
          site,
          email: subscriber!.email,
          detail: { key },
          at: now.toISOString(),
        },
        deps.log,
      );
      return true;
    },

    /** The automatic mails sent to an address (tests, an operator's "what did we send"). */
    sendsTo(email: string) {
      return db
        .select()
        .from(marketingAutomationSends)
        .where(and(eq(marketingAutomationSends.email, normalizeAddress(email)), isNotNull(marketingAutomationSends.sentAt)))
        .orderBy(marketingAutomationSends.sentAt);
    },
  };
}

export type MarketingAutomations = ReturnType<typeof createMarketingAutomations>;

/** An erasure takes the address's back-in-stock requests and send records with its subscriber rows. */
export async function eraseAutomationData(tx: Db, email: string): Promise<void> {
  const address = normalizeAddress(email);
  await tx.delete(marketingBackInStockRequests).where(eq(marketingBackInStockRequests.email, address));
  await tx.delete(marketingAutomationSends).where(eq(marketingAutomationSends.email, address));
}
