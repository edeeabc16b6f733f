import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { CampaignBlock, CampaignState } from "../../../rules/marketing/campaign";
import type { Segment } from "../../../rules/marketing/segment";
import type { SiteId } from "../../../rules/shared/site";
import { marketingSubscribers } from "./schema";

/**
 * Campaigns composed in the console (rules/marketing/campaign.ts): content while a draft, the
 * segment it goes to, its state and when it was scheduled, started and ended.
 */
export const marketingCampaigns = pgTable(
  "marketing_campaigns",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    site: text().$type<SiteId>().notNull(),
    subject: text().notNull(),
    preheader: text().notNull().default(""),
    blocks: jsonb().$type<CampaignBlock[]>().notNull(),
    segment: jsonb().$type<Segment>().notNull(),
    state: text().$type<CampaignState>().notNull().default("draft"),
    scheduledAt: timestamp({ withTimezone: true }),
    /** When the sender listed its recipients (the deliveries): set once. */
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    createdBy: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    // The sender's due and sending campaigns; the console's list, newest first.
    index("marketing_campaigns_state_idx").on(t.state, t.scheduledAt),
    index("marketing_campaigns_created_idx").on(t.createdAt),
  ],
);

export type DeliveryState = "queued" | "sent" | "failed" | "skipped";

/**
 * One row per campaign and subscriber, listed when the campaign starts: the unique key makes it at
 * most one mail each, however many senders run; a row is claimed (FOR UPDATE SKIP LOCKED), mailed
 * into the outbox and marked in one transaction, so a sender that dies mid-batch leaves its rows
 * queued for the next. A subscriber's erasure takes their rows with it.
 */
export const marketingCampaignDeliveries = pgTable(
  "marketing_campaign_deliveries",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    campaignId: uuid()
      .notNull()
      .references(() => marketingCampaigns.id, { onDelete: "cascade" }),
    subscriberId: uuid()
      .notNull()
      .references(() => marketingSubscribers.id, { onDelete: "cascade" }),
    state: text().$type<DeliveryState>().notNull().default("queued"),
    /** The outbox mail (the mail module's id) once recorded. */
    mailId: integer(),
    /** Why it was skipped or failed at send time (unsubscribed, paused, …). */
    reason: text(),
    sentAt: timestamp({ withTimezone: true }),
    /** The first click through one of the mail's signed links (counted once). */
    clickedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("marketing_campaign_deliveries_key").on(t.campaignId, t.subscriberId),
    // The sender's queued rows of a campaign and the report's counts by state.
    index("marketing_campaign_deliveries_state_idx").on(t.campaignId, t.state),
    index("marketing_campaign_deliveries_subscriber_idx").on(t.subscriberId),
  ],
);
