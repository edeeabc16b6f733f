import { randomBytes } from "node:crypto";
import { and, arrayContains, count, desc, eq, ilike, isNull, lte, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { containsPattern } from "../../db/like";
import type { Logger } from "../../log";
import { truncateIp } from "../../../rules/consent/decision-record";
import { marketingMailHeaders } from "../../../rules/marketing/marketing-mail";
import * as move from "../../../rules/marketing/subscriber";
import {
  keptTopics,
  MARKETING_POLICY_VERSION,
  normalizeAddress,
  signUpTopics,
  type SubscriberState,
  type SubscriptionSource,
  type SuppressionReason,
  type Topic,
} from "../../../rules/marketing/subscriber";
import type { PreferencesInput } from "../../../rules/marketing/preferences-input";
import type { SiteId } from "../../../rules/shared/site";
import type { MailService } from "../mail";
import type { RateLimitService } from "../rate-limit";
import {
  CONFIRM_PATH,
  confirmToken,
  linkUrl,
  marketingLinks,
  PREFERENCES_PATH,
  preferencesToken,
  readConfirmToken,
  readPreferencesToken,
  type LinkCheck,
} from "./links";
import { confirmationMail, welcomeMail } from "./mails";
import { createMarketingAutomations, eraseAutomationData } from "./automations";
import { pushLater, type OutsideMarketingService } from "./outside-service";
import { marketingConsentEvents, marketingSubscribers, type ConsentEvent } from "./schema";

// The marketing list (README "E-mail marketing"): one subscriber per site and address, double
// opt-in, one-click unsubscribe, suppression, erasure. What it guarantees:
//
// 1. Every move is decided by rules/marketing/subscriber.ts on the row as it is under its lock
//    (SELECT … FOR UPDATE), and recorded in the consent log in the same transaction.
// 2. Two sign-ups of one address at once make one row (UNIQUE(site, email); the loser's INSERT waits
//    for the winner and then finds its row) and one confirmation mail: the winner stamps
//    confirmation_mailed_at, and the rule mails a pending address again only RESEND_AFTER_MS later.
// 3. Mails are recorded after the transaction commits (the outbox is the mail module's). A crash in
//    between leaves a pending row whose next sign-up, after RESEND_AFTER_MS, mails again.
// 4. The answer of a sign-up is the same whatever the address's state (no one learns who is on the
//    list); only the footer's sign-ups are rate-limited here — registration and checkout are by
//    their own limits.
// 5. Only `subscribed`, unpaused rows with the topic are recipients; suppressed is final; an
//    erasure deletes the rows (and their consent log).

export type MarketingDeps = {
  db: Db;
  rateLimit: RateLimitService;
  mail: Pick<MailService, "send">;
  config: { storeName: string; postalAddress: string };
  /** The key the links are signed under (the app's secret). */
  secret: string;
  /** Where links point when the caller names no origin (PUBLIC_URL, else this server). */
  origin: () => string;
  clock?: () => Date;
  log?: Logger;
  /** The outside e-mail service told of subscriptions, unsubscriptions and shop events (outside-service.ts); none by default. */
  outside?: OutsideMarketingService;
};

export type SubscribeInput = {
  site: SiteId;
  email: string;
  source: SubscriptionSource;
  topics?: readonly string[];
  customerId?: string | null;
  /** SPEC §4's e-mail-marketing URL parameters, when the sign-up carried them. */
  integrationInfo?: Record<string, string>;
};

export type RequestFacts = { ip: string | null; origin?: string };

type Subscriber = typeof marketingSubscribers.$inferSelect;

export type SubscriberView = Pick<Subscriber, "id" | "site" | "email" | "state" | "topics" | "pausedUntil">;

export type PreferencesResult = { ok: true; subscriber: SubscriberView } | { ok: false; code: "LINK_INVALID" | "NOT_ALLOWED"; message: string };

const newNonce = () => randomBytes(18).toString("base64url");

export function createMarketingService(deps: MarketingDeps) {
  const { db, secret } = deps;
  const clock = deps.clock ?? (() => new Date());

  const transaction = <T>(body: (tx: Db) => Promise<T>) => db.transaction((tx) => body(tx as unknown as Db));

  async function lockSubscriber(tx: Db, id: string): Promise<Subscriber | null> {
    const [row] = await tx.select().from(marketingSubscribers).where(eq(marketingSubscribers.id, id)).for("update");
    return row ?? null;
  }

  function logEvent(tx: Db, row: Pick<Subscriber, "id">, event: ConsentEvent, source: string, ip: string | null, at: Date) {
    return tx
      .insert(marketingConsentEvents)
      .values({ subscriberId: row.id, event, source, policyVersion: MARKETING_POLICY_VERSION, ipPrefix: truncateIp(ip), at });
  }

  async function mailConfirmation(row: Pick<Subscriber, "id" | "email" | "site">, nonce: string, origin: string, now: Date) {
    const confirmUrl = linkUrl(origin, CONFIRM_PATH, await confirmToken(secret, row.id, nonce, now));
    await deps.mail.send({
      template: "marketing.confirm",
      to: row.email,
      content: confirmationMail({ storeName: deps.config.storeName, confirmUrl, program: row.site === "hpsf" }),
    });
  }

  /** The subscriber a preferences link names, read under its lock, and the move the rule allows. */
  async function withPreferencesLink<T>(
    token: string | null | undefined,
    body: (tx: Db, row: Subscriber, now: Date) => Promise<T>,
  ): Promise<T | Extract<LinkCheck<never>, { ok: false }>> {
    const now = clock();
    const link = await readPreferencesToken(secret, token, now);
    if (!link.ok) return link;
    return transaction(async (tx) => {
      const row = await lockSubscriber(tx, link.claims.sid);
      // An erased subscriber's link: nothing of them is left to show or change.
      if (!row) return { ok: false as const, code: "LINK_INVALID" as const, message: "This address is no longer on our list." };
      return body(tx, row, now);
    });
  }

  const view = ({ id, site, email, state, topics, pausedUntil }: Subscriber): SubscriberView => ({ id, site, email, state, topics, pausedUntil });

  const service = {
    /**
     * A subscription asked for (footer, registration, checkout, console): a new or unsubscribed
     * address becomes pending and is mailed a confirmation link (guarantees 2–4).
     */
    async subscribe(input: SubscribeInput, facts: RequestFacts): Promise<{ ok: true; mailed: boolean } | { ok: false; code: "RATE_LIMITED"; message: string }> {
      const email = normalizeAddress(input.email);
      if (input.source === "footer") {
        const attempt = await deps.rateLimit.take("marketing_signup", `email:${email}`, facts.ip);
        if (!attempt.ok) return { ok: false, code: "RATE_LIMITED", message: attempt.message };
      }
      const now = clock();
      const topics = signUpTopics(input.site, input.topics);
      const asked = {
        state: "pending" as const,
        source: input.source,
        topics,
        confirmNonce: newNonce(),
        confirmationMailedAt: now,
        policyVersion: MARKETING_POLICY_VERSION,
        updatedAt: now,
      };
      const toMail = await transaction(async (tx) => {
        const [created] = await tx
          .insert(marketingSubscribers)
          .values({ ...asked, site: input.site, email, customerId: input.customerId ?? null, integrationInfo: input.integrationInfo ?? {}, createdAt: now })
          .onConflictDoNothing({ target: [marketingSubscribers.site, marketingSubscribers.email] })
          .returning();
        if (created) {
          await logEvent(tx, created, "requested", input.source, facts.ip, now);
          return created;
        }
        const [found] = await tx
          .select()
          .from(marketingSubscribers)
          .where(and(eq(marketingSubscribers.site, input.site), eq(marketingSubscribers.email, email)))
          .for("update");
        const next = move.request(found.state, found.confirmationMailedAt, now, input.source);
        if (!next.ok || !next.mail) return null;
        const [updated] = await tx
          .update(marketingSubscribers)
          .set({
            ...asked,
            customerId: found.customerId ?? input.customerId ?? null,
            integrationInfo: { ...found.integrationInfo, ...input.integrationInfo },
            pausedUntil: null,
          })
          .where(eq(marketingSubscribers.id, found.id))
          .returning();
        await logEvent(tx, updated, "requested", input.source, facts.ip, now);
        return updated;
      });
      if (toMail) await mailConfirmation(toMail, toMail.confirmNonce!, facts.origin ?? deps.origin(), now);
      return { ok: true, mailed: toMail !== null };
    },

    /** The confirmation link followed: pending → subscribed, once; the welcome mail (the first marketing mail) follows. */
    async confirm(
      token: string | null | undefined,
      facts: RequestFacts,
    ): Promise<{ ok: true; alreadyConfirmed: boolean; site: SiteId } | { ok: false; code: "LINK_INVALID"; message: string }> {
      const now = clock();
      const link = await readConfirmToken(secret, token, now);
      if (!link.ok) return link;
      const outcome = await transaction(async (tx) => {
        const row = await lockSubscriber(tx, link.claims.sid);
        if (!row) return { ok: false as const, code: "LINK_INVALID" as const, message: "This address is no longer on our list." };
        const next = move.confirm(row.state);
        if (!next.ok) return { ok: false as const, code: "LINK_INVALID" as const, message: next.message };
        if (!next.mail) return { ok: true as const, alreadyConfirmed: true, row };
        // A newer confirmation mail replaced this link's nonce: only the latest link works.
        if (row.confirmNonce !== link.claims.n)
          return { ok: false as const, code: "LINK_INVALID" as const, message: "This link was replaced: use the latest mail from us." };
        const [confirmed] = await tx
          .update(marketingSubscribers)
          .set({ state: next.state, confirmNonce: null, confirmedAt: now, policyVersion: MARKETING_POLICY_VERSION, updatedAt: now })
          .where(eq(marketingSubscribers.id, row.id))
          .returning();
        await logEvent(tx, row, "confirmed", row.source, facts.ip, now);
        return { ok: true as const, alreadyConfirmed: false, row: confirmed };
      });
      if (!outcome.ok) return outcome;
      if (!outcome.alreadyConfirmed) {
        const { row } = outcome;
        pushLater(
          deps.outside,
          { type: "subscribed", site: row.site, email: row.email, topics: row.topics, integrationInfo: row.integrationInfo, at: now.toISOString() },
          deps.log,
        );
        const links = await marketingLinks(secret, row.id, facts.origin ?? deps.origin(), now);
        await deps.mail.send({
          template: "marketing.welcome",
          to: row.email,
          content: welcomeMail({ storeName: deps.config.storeName, postalAddress: deps.config.postalAddress, topics: row.topics, ...links }),
          headers: marketingMailHeaders(links.unsubscribeUrl),
        });
      }
      return { ok: true, alreadyConfirmed: outcome.alreadyConfirmed, site: outcome.row.site };
    },

    /** One-click (RFC 8058) or the preference centre's button: at once, no password; already off stays off. */
    async unsubscribe(token: string | null | undefined, facts: RequestFacts & { via: "one_click" | "preference_centre" }) {
      return withPreferencesLink(token, async (tx, row, now) => {
        const next = move.unsubscribe(row.state);
        if (next.ok && next.state !== row.state) {
          await tx.update(marketingSubscribers).set({ state: next.state, confirmNonce: null, updatedAt: now }).where(eq(marketingSubscribers.id, row.id));
          await logEvent(tx, row, "unsubscribed", facts.via, facts.ip, now);
          pushLater(deps.outside, { type: "unsubscribed", site: row.site, email: row.email, at: now.toISOString() }, deps.log);
        }
        return { ok: true as const };
      });
    },

    /** What the preference centre shows to the holder of a preferences link. */
    async preferences(token: string | null | undefined): Promise<PreferencesResult> {
      return withPreferencesLink(token, async (_tx, row) => ({ ok: true as const, subscriber: view(row) }));
    },

    /** The preference centre's changes: topics, a pause, resuming, or leaving the list. */
    async updatePreferences(token: string | null | undefined, input: PreferencesInput, facts: RequestFacts): Promise<PreferencesResult> {
      if (input.intent === "unsubscribe") {
        const left = await this.unsubscribe(token, { ...facts, via: "preference_centre" });
        return left.ok ? this.preferences(token) : left;
      }
      return withPreferencesLink(token, async (tx, row, now) => {
        const next = move.changePreferences(row.state);
        if (!next.ok) return next;
        const change =
          input.intent === "topics"
            ? { topics: keptTopics(row.site, input.topics) }
            : { pausedUntil: input.intent === "pause" ? new Date(now.getTime() + input.days * 24 * 60 * 60_000) : null };
        const [updated] = await tx
          .update(marketingSubscribers)
          .set({ ...change, updatedAt: now })
          .where(eq(marketingSubscribers.id, row.id))
          .returning();
        await logEvent(tx, row, "preferences", "preference_centre", facts.ip, now);
        return { ok: true as const, subscriber: view(updated) };
      });
    },

    /**
     * A hard bounce, a complaint (the mail adapter) or an operator: the address never receives
     * marketing again, on the sites named (default: both), even one never subscribed.
     */
    async suppress(email: string, reason: SuppressionReason, sites: readonly SiteId[] = ["d2c", "hpsf"]): Promise<number> {
      const address = normalizeAddress(email);
      const now = clock();
      return transaction(async (tx) => {
        const rows = await tx
          .insert(marketingSubscribers)
          .values(
            sites.map((site) => ({
              site,
              email: address,
              state: "suppressed" as const,
              source: "console" as const,
              topics: [],
              policyVersion: MARKETING_POLICY_VERSION,
              suppressionReason: reason,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .onConflictDoUpdate({
            target: [marketingSubscribers.site, marketingSubscribers.email],
            set: { state: move.suppress().state, suppressionReason: reason, confirmNonce: null, updatedAt: now },
          })
          .returning({ id: marketingSubscribers.id });
        for (const row of rows) await logEvent(tx, row, "suppressed", reason, null, now);
        for (const site of sites) pushLater(deps.outside, { type: "suppressed", site, email: address, reason, at: now.toISOString() }, deps.log);
        return rows.length;
      });
    },

    /** The addresses a marketing mail about `topic` goes to on `site`: confirmed, not paused, not suppressed, unsubscribed or erased. */
    async recipients(site: SiteId, topic: Topic): Promise<{ subscriberId: string; email: string }[]> {
      const now = clock();
      return db
        .select({ subscriberId: marketingSubscribers.id, email: marketingSubscribers.email })
        .from(marketingSubscribers)
        .where(
          and(
            eq(marketingSubscribers.site, site),
            eq(marketingSubscribers.state, "subscribed"),
            arrayContains(marketingSubscribers.topics, [topic]),
            or(isNull(marketingSubscribers.pausedUntil), lte(marketingSubscribers.pausedUntil, now)),
          ),
        )
        .orderBy(marketingSubscribers.email);
    },

    /** The preference centre's path (with its signed token) for an address on a site (My Profile), or null when it is not on the list. */
    async preferencesPathFor(site: SiteId, email: string): Promise<string | null> {
      const [row] = await db
        .select({ id: marketingSubscribers.id })
        .from(marketingSubscribers)
        .where(and(eq(marketingSubscribers.site, site), eq(marketingSubscribers.email, normalizeAddress(email))));
      return row ? linkUrl("", PREFERENCES_PATH, await preferencesToken(secret, row.id, clock())) : null;
    },

    /** The console's list, newest first: a site, a state, an address fragment; a page of rows and the count. */
    async list(q: { site?: SiteId; state?: SubscriberState; search?: string; page: number; pageSize: number }) {
      const filters: SQL[] = [];
      if (q.site) filters.push(eq(marketingSubscribers.site, q.site));
      if (q.state) filters.push(eq(marketingSubscribers.state, q.state));
      if (q.search) filters.push(ilike(marketingSubscribers.email, containsPattern(q.search.trim())));
      const where = filters.length ? and(...filters) : undefined;
      const [{ n }] = await db.select({ n: count() }).from(marketingSubscribers).where(where);
      const rows = await db
        .select({
          id: marketingSubscribers.id,
          site: marketingSubscribers.site,
          email: marketingSubscribers.email,
          state: marketingSubscribers.state,
          source: marketingSubscribers.source,
          topics: marketingSubscribers.topics,
          confirmedAt: marketingSubscribers.confirmedAt,
          createdAt: marketingSubscribers.createdAt,
        })
        .from(marketingSubscribers)
        .where(where)
        .orderBy(desc(marketingSubscribers.createdAt), marketingSubscribers.id)
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize);
      return { rows, total: n };
    },

    /** The confirmed subscribers for the console's export: address, site, topics, consent time and source; oldest confirmation first. */
    async confirmed(q: { site?: SiteId; limit: number }) {
      return db
        .select({
          email: marketingSubscribers.email,
          site: marketingSubscribers.site,
          topics: marketingSubscribers.topics,
          source: marketingSubscribers.source,
          confirmedAt: marketingSubscribers.confirmedAt,
          policyVersion: marketingSubscribers.policyVersion,
          pausedUntil: marketingSubscribers.pausedUntil,
        })
        .from(marketingSubscribers)
        .where(and(eq(marketingSubscribers.state, "subscribed"), q.site ? eq(marketingSubscribers.site, q.site) : undefined))
        .orderBy(marketingSubscribers.confirmedAt, marketingSubscribers.id)
        .limit(q.limit);
    },

    /** One subscriber's consent log, oldest first (tests; an operator's answer to "prove it"). */
    async consentLog(subscriberId: string) {
      return db.select().from(marketingConsentEvents).where(eq(marketingConsentEvents.subscriberId, subscriberId)).orderBy(marketingConsentEvents.id);
    },

    /** The subscriber rows of an address (tests, the console). */
    async byAddress(email: string) {
      return db
        .select()
        .from(marketingSubscribers)
        .where(eq(marketingSubscribers.email, normalizeAddress(email)))
        .orderBy(marketingSubscribers.site);
    },
  };
  /** The automatic mails (automations.ts): back-in-stock requests, reminders, their settings. */
  return { ...service, automations: createMarketingAutomations({ ...deps, clock }, service) };
}

export type MarketingService = ReturnType<typeof createMarketingService>;

/**
 * A customer's erasure (server/workflows/erase-customer.ts, in its transaction): the subscriber rows
 * of the account and of its address, on every site, go with their consent log.
 */
export async function eraseSubscriber(tx: Db, customerId: string, email: string): Promise<number> {
  const gone = await tx
    .delete(marketingSubscribers)
    .where(or(eq(marketingSubscribers.customerId, customerId), eq(marketingSubscribers.email, normalizeAddress(email))))
    .returning({ id: marketingSubscribers.id });
  await eraseAutomationData(tx, email);
  return gone.length;
}
