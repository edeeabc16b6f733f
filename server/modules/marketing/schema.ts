import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { SubscriberState, SubscriptionSource, SuppressionReason, Topic } from "../../../rules/marketing/subscriber";
import type { SiteId } from "../../../rules/shared/site";

/**
 * The marketing list: one subscriber per site and address (the address normalised: trimmed,
 * lower-cased; the unique key makes two sign-ups at once one row). Only `subscribed` rows receive
 * marketing (rules/marketing/subscriber.ts). A customer's erasure deletes their rows.
 */
export const marketingSubscribers = pgTable(
  "marketing_subscribers",
  {
    id: uuid().primaryKey().defaultRandom(),
    site: text().$type<SiteId>().notNull(),
    email: text().notNull(),
    state: text().$type<SubscriberState>().notNull(),
    /** How the subscription was last asked for (a suppression entered without one: "console"). */
    source: text().$type<SubscriptionSource>().notNull(),
    topics: text().array().$type<Topic[]>().notNull(),
    /** The account it came from (registration, a signed-in checkout), when there was one. */
    customerId: uuid(),
    /** SPEC §4's e-mail-marketing URL parameters (_kx, variation, utm_content, utm_campaign) at sign-up, when present. */
    integrationInfo: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** The pending confirmation link's nonce: the link works while it is here, so once. */
    confirmNonce: text(),
    confirmationMailedAt: timestamp({ withTimezone: true }),
    /** When the address was confirmed (the consent that counts), and under which policy version. */
    confirmedAt: timestamp({ withTimezone: true }),
    policyVersion: text().notNull(),
    /** No marketing before this instant (the preference centre's pause). */
    pausedUntil: timestamp({ withTimezone: true }),
    suppressionReason: text().$type<SuppressionReason>(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("marketing_subscribers_site_email_key").on(t.site, t.email),
    // Suppressions and erasures find an address on every site; erasures find an account's rows.
    index("marketing_subscribers_email_idx").on(t.email),
    index("marketing_subscribers_customer_idx").on(t.customerId),
    // Recipients of a site and the console's list, newest first.
    index("marketing_subscribers_site_state_idx").on(t.site, t.state, t.createdAt),
  ],
);

export type ConsentEvent = "requested" | "confirmed" | "preferences" | "unsubscribed" | "suppressed";

/**
 * Proof of consent, kept like the privacy manager's (server/modules/consent): one row per decision,
 * its time, source, the policy version and the client's address cut to its network (truncateIp).
 * Deleted with the subscriber.
 */
export const marketingConsentEvents = pgTable(
  "marketing_consent_events",
  {
    id: serial().primaryKey(),
    subscriberId: uuid()
      .notNull()
      .references(() => marketingSubscribers.id, { onDelete: "cascade" }),
    event: text().$type<ConsentEvent>().notNull(),
    source: text().notNull(),
    policyVersion: text().notNull(),
    ipPrefix: text(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("marketing_consent_events_subscriber_idx").on(t.subscriberId, t.at)],
);

// ---------------------------------------------------------------------------------------------
// The automatic mails (automations.ts).

/**
 * "Notify me when it's back": one live request per site, address and variant (the unique key; a
 * spent request asked again is armed again). The ZIP is the shopper's at request time: the mail
 * goes when the warehouse serving it has the variant again. Mailed only once the address is a
 * confirmed subscriber; `notifiedAt` spends it (set by the claim that sends the mail, so once).
 */
export const marketingBackInStockRequests = pgTable(
  "marketing_back_in_stock_requests",
  {
    id: uuid().primaryKey().defaultRandom(),
    site: text().$type<SiteId>().notNull(),
    email: text().notNull(),
    variantId: integer().notNull(),
    customerId: uuid(),
    zip: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("marketing_back_in_stock_site_email_variant_key").on(t.site, t.email, t.variantId),
    index("marketing_back_in_stock_open_idx").on(t.notifiedAt, t.createdAt),
  ],
);

/** Every automatic mail sent, once: the key (a cart and step, a cancellation) is unique per kind, so two passes at once send one. */
export const marketingAutomationSends = pgTable(
  "marketing_automation_sends",
  {
    kind: text().notNull(),
    key: text().notNull(),
    email: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("marketing_automation_sends_kind_key").on(t.kind, t.key)],
);

/** The console's switches and delays of the automatic mails: one row (id "automations"); none saved → the defaults. */
export const marketingAutomationSettings = pgTable("marketing_automation_settings", {
  id: text().primaryKey(),
  settings: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
  updatedBy: text().notNull(),
});
