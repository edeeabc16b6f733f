import { and, arrayContains, count, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import * as move from "../../../rules/marketing/campaign";
import type { CampaignBlock, CampaignContent, CampaignState } from "../../../rules/marketing/campaign";
import { marketingMailHeaders } from "../../../rules/marketing/marketing-mail";
import type { Segment } from "../../../rules/marketing/segment";
import { receivesMarketing } from "../../../rules/marketing/subscriber";
import type { SiteId } from "../../../rules/shared/site";
import type { MailService, RecordedMail } from "../mail";
import { campaignMail, type ProductPick } from "./campaign-mail";
import type { ContentPick } from "../../../rules/marketing/campaign-content";
import { marketingCampaignDeliveries as deliveries, marketingCampaigns as campaigns } from "./campaign-schema";
import { clickUrl, marketingLinks, readClickToken } from "./links";
import { marketingConsentEvents, marketingSubscribers as subscribers } from "./schema";

// Campaigns (README "E-mail marketing"): composed in the console, sent by the renewal pass
// (server/workflows/send-campaigns.ts). What the sending guarantees:
//
// 1. Starting lists the recipients once, under the campaign's row lock: one delivery row per
//    subscriber matching the segment (UNIQUE(campaign_id, subscriber_id), ON CONFLICT DO NOTHING),
//    so two senders starting the same campaign list each subscriber once.
// 2. Each batch is one transaction: queued rows claimed FOR UPDATE SKIP LOCKED (another sender takes
//    other rows), each subscriber looked at again — only `subscribed`, unpaused rows with the topic
//    are mailed (receivesMarketing), the rest are marked skipped — each mail recorded in the outbox
//    and its row marked sent, then commit; only then are the mails delivered. A sender that dies or
//    throws mid-batch rolls the whole batch back: its rows are queued again and no mail of it was
//    recorded or delivered. So each subscriber gets at most one mail, and exactly one once the
//    campaign is done.
// 3. An erased subscriber's rows go with them (ON DELETE CASCADE), so they cannot be mailed.
// 4. A pause or a cancel is read before every batch: the sender mails only `sending` campaigns.
// 5. A click through a mail's signed link is counted once per delivery (the first sets clicked_at)
//    and leads only to a path of the shop (rules/marketing/campaign.ts isSameSitePath).

export type CampaignRow = typeof campaigns.$inferSelect;

/** The shop data a segment narrows to (server/workflows/campaign-audience.ts); null: no narrowing. */
export type AudienceMatch = { customerIds: readonly string[]; emails: readonly string[] } | null;

export type CampaignDeps = {
  db: Db;
  mail: Pick<MailService, "send" | "record" | "dispatch" | "failedAmong">;
  config: { storeName: string; postalAddress: string };
  secret: string;
  origin: () => string;
  /** The catalog's products by handle on a site, as a mail shows them (live price and stock). */
  products: (handles: readonly string[], site: SiteId) => Promise<ProductPick[]>;
  /** The shop's published promotions and highlights by key on a site, as a mail shows them. */
  contents: (keys: readonly string[], site: SiteId) => Promise<ContentPick[]>;
  clock?: () => Date;
};

type Refusal = { ok: false; code: "NOT_FOUND" | "NOT_ALLOWED"; message: string };
const notFound: Refusal = { ok: false, code: "NOT_FOUND", message: "No such campaign." };

/** The subscribers a segment reaches now: confirmed, unpaused, with the topic, on the site, and (when narrowed) of the matched accounts or addresses. */
function audienceWhere(segment: Segment, match: AudienceMatch, now: Date): SQL {
  const narrowed = match
    ? or(
        match.customerIds.length ? inArray(subscribers.customerId, [...match.customerIds]) : sql`false`,
        match.emails.length
          ? inArray(
              subscribers.email,
              match.emails.map((e) => e.toLowerCase()),
            )
          : sql`false`,
      )
    : undefined;
  return and(
    eq(subscribers.site, segment.site),
    eq(subscribers.state, "subscribed"),
    arrayContains(subscribers.topics, [segment.topic]),
    or(isNull(subscribers.pausedUntil), lte(subscribers.pausedUntil, now)),
    narrowed,
  )!;
}

export function createCampaignService(deps: CampaignDeps) {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());
  const transaction = <T>(body: (tx: Db) => Promise<T>) => db.transaction((tx) => body(tx as unknown as Db));

  async function lock(tx: Db, id: string): Promise<CampaignRow | null> {
    const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for("update");
    return row ?? null;
  }

  async function productsOf(site: SiteId, blocks: readonly CampaignBlock[]): Promise<Map<string, ProductPick>> {
    const handles = [...new Set(blocks.flatMap((b) => (b.type === "product" ? [b.handle] : [])))];
    const found = handles.length ? await deps.products(handles, site) : [];
    return new Map(found.map((p) => [p.handle, p]));
  }

  async function contentsOf(site: SiteId, blocks: readonly CampaignBlock[]): Promise<Map<string, ContentPick>> {
    const keys = [...new Set(blocks.flatMap((b) => (b.type === "content" ? [b.key] : [])))];
    const found = keys.length ? await deps.contents(keys, site) : [];
    return new Map(found.map((c) => [c.key, c]));
  }

  /** A transition of rules/marketing/campaign.ts under the row lock; the state before and after for the audit log. */
  async function transition(
    id: string,
    decide: (row: CampaignRow) => move.CampaignMove,
    extra: (row: CampaignRow) => Partial<CampaignRow> = () => ({}),
  ): Promise<{ ok: true; from: CampaignState; to: CampaignState } | Refusal> {
    return transaction(async (tx) => {
      const row = await lock(tx, id);
      if (!row) return notFound;
      const next = decide(row);
      if (!next.ok) return next;
      await tx
        .update(campaigns)
        .set({ state: next.state, updatedAt: clock(), ...extra(row) })
        .where(eq(campaigns.id, id));
      return { ok: true as const, from: row.state, to: next.state };
    });
  }

  return {
    async create(input: { content: CampaignContent; segment: Segment; createdBy: string }): Promise<CampaignRow> {
      const now = clock();
      const { name, subject, preheader, blocks } = input.content;
      const [row] = await db
        .insert(campaigns)
        .values({
          name,
          subject,
          preheader,
          blocks,
          segment: input.segment,
          site: input.segment.site,
          createdBy: input.createdBy,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return row;
    },

    /** New content and segment for a draft. */
    async update(id: string, input: { content: CampaignContent; segment: Segment }) {
      const { name, subject, preheader, blocks } = input.content;
      return transition(
        id,
        (row) => move.editable(row.state),
        () => ({ name, subject, preheader, blocks, segment: input.segment, site: input.segment.site }),
      );
    },

    get: async (id: string): Promise<CampaignRow | null> => (await db.select().from(campaigns).where(eq(campaigns.id, id)))[0] ?? null,

    /** The console's list, newest first. */
    async list(q: { page: number; pageSize: number }) {
      const [{ n }] = await db.select({ n: count() }).from(campaigns);
      const rows = await db
        .select()
        .from(campaigns)
        .orderBy(desc(campaigns.createdAt), campaigns.id)
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize);
      return { rows, total: n };
    },

    /** Schedule for `at` (now: send now). */
    schedule: (id: string, at: Date) =>
      transition(
        id,
        (row) => move.schedule(row.state),
        () => ({ scheduledAt: at }),
      ),
    pause: (id: string) => transition(id, (row) => move.pause(row.state)),
    resume: (id: string) => transition(id, (row) => move.resume(row.state, row.startedAt !== null)),
    cancel: (id: string) =>
      transition(
        id,
        (row) => move.cancel(row.state),
        () => ({ finishedAt: clock() }),
      ),

    /** How many subscribers the segment reaches now (the console's live count). */
    async countAudience(segment: Segment, match: AudienceMatch): Promise<number> {
      const [{ n }] = await db
        .select({ n: count() })
        .from(subscribers)
        .where(audienceWhere(segment, match, clock()));
      return n;
    },

    /** The mail as a recipient will see it (links lead to the pages themselves; the footer's are examples). */
    async preview(c: Pick<CampaignRow, "site" | "subject" | "preheader" | "blocks">, origin = deps.origin()) {
      return campaignMail({
        storeName: deps.config.storeName,
        subject: c.subject,
        preheader: c.preheader,
        blocks: c.blocks,
        products: await productsOf(c.site, c.blocks),
        contents: await contentsOf(c.site, c.blocks),
        link: async (path) => `${origin}${path}`,
        footer: { postalAddress: deps.config.postalAddress, unsubscribeUrl: `${origin}/email/preferences`, preferencesUrl: `${origin}/email/preferences` },
      });
    },

    /** A test mail to an operator: marked as a test, counted nowhere. */
    async testSend(id: string, to: string) {
      const row = await this.get(id);
      if (!row) return notFound;
      const content = await this.preview(row);
      await deps.mail.send({ template: "marketing.campaign_test", to, content: { ...content, subject: `[Test] ${content.subject}` } });
      return { ok: true as const };
    },

    /** Scheduled campaigns whose time has come (the sender starts them). */
    async due(now: Date): Promise<Pick<CampaignRow, "id" | "segment">[]> {
      return db
        .select({ id: campaigns.id, segment: campaigns.segment })
        .from(campaigns)
        .where(and(eq(campaigns.state, "scheduled"), lte(campaigns.scheduledAt, now)));
    },

    /** Campaigns being sent. */
    async sending(): Promise<string[]> {
      const rows = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.state, "sending"));
      return rows.map((r) => r.id);
    },

    /**
     * A due campaign started (guarantee 1): its recipients listed and its state `sending`. Another
     * sender holding the row skips it; a campaign paused or cancelled meanwhile is left alone.
     */
    async start(id: string, match: AudienceMatch, now: Date): Promise<number | null> {
      return transaction(async (tx) => {
        const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for("update", { skipLocked: true });
        if (!row || row.state !== "scheduled" || !row.scheduledAt || row.scheduledAt > now) return null;
        const listed = (await tx.execute(
          sql`insert into ${deliveries} (campaign_id, subscriber_id)
              select ${id}::uuid, ${subscribers.id} from ${subscribers} where ${audienceWhere(row.segment, match, now)}
              on conflict do nothing returning id`,
        )) as unknown as { rows: unknown[] };
        await tx
          .update(campaigns)
          .set({ state: "sending", startedAt: row.startedAt ?? now, updatedAt: now })
          .where(eq(campaigns.id, id));
        return listed.rows.length;
      });
    },

    /**
     * Mails up to `limit` of a sending campaign's queued deliveries, `batchSize` per transaction
     * (guarantee 2); marks the campaign sent once none is left. `afterMail` is the crash tests'
     * hook: it runs inside the batch's transaction after each mail is recorded.
     */
    async sendBatches(
      id: string,
      now: Date,
      p: { limit: number; batchSize: number; signal?: AbortSignal; afterMail?: (n: number) => void | Promise<void> },
    ): Promise<number> {
      const campaign = await this.get(id);
      if (!campaign || campaign.state !== "sending") return 0;
      const products = await productsOf(campaign.site, campaign.blocks);
      const contents = await contentsOf(campaign.site, campaign.blocks);
      const origin = deps.origin();
      let mailed = 0;
      while (mailed < p.limit && !p.signal?.aborted) {
        const recorded: RecordedMail[] = [];
        const claimed = await transaction(async (tx) => {
          // A pause or a cancel since the last batch stops here (guarantee 4).
          const [{ state }] = await tx.select({ state: campaigns.state }).from(campaigns).where(eq(campaigns.id, id));
          if (state !== "sending") return 0;
          const rows = await tx
            .select({ id: deliveries.id, subscriberId: deliveries.subscriberId })
            .from(deliveries)
            .where(and(eq(deliveries.campaignId, id), eq(deliveries.state, "queued")))
            .orderBy(deliveries.id)
            .limit(Math.min(p.batchSize, p.limit - mailed))
            .for("update", { skipLocked: true });
          if (rows.length === 0) return 0;
          const people = await tx
            .select()
            .from(subscribers)
            .where(
              inArray(
                subscribers.id,
                rows.map((r) => r.subscriberId),
              ),
            );
          const byId = new Map(people.map((s) => [s.id, s]));
          for (const d of rows) {
            const s = byId.get(d.subscriberId)!;
            if (!receivesMarketing(s, campaign.segment.topic, now)) {
              await tx
                .update(deliveries)
                .set({ state: "skipped", reason: s.state === "subscribed" ? "paused or topic off" : s.state })
                .where(eq(deliveries.id, d.id));
              continue;
            }
            const links = await marketingLinks(deps.secret, s.id, origin, now);
            const content = await campaignMail({
              storeName: deps.config.storeName,
              subject: campaign.subject,
              preheader: campaign.preheader,
              blocks: campaign.blocks,
              products,
              contents,
              link: (path) => clickUrl(deps.secret, origin, d.id, path, now),
              footer: { postalAddress: deps.config.postalAddress, ...links },
            });
            const mail = await deps.mail.record(
              { template: "marketing.campaign", to: s.email, content, headers: marketingMailHeaders(links.unsubscribeUrl) },
              tx,
            );
            recorded.push(mail);
            await tx.update(deliveries).set({ state: "sent", mailId: mail.id, sentAt: now }).where(eq(deliveries.id, d.id));
            await p.afterMail?.(mailed + recorded.length);
          }
          return rows.length;
        });
        // Delivered only once the batch has committed: a batch rolled back mails nobody.
        for (const mail of recorded) deps.mail.dispatch(mail);
        mailed += recorded.length;
        if (claimed === 0) break;
      }
      await this.finishIfDone(id, now);
      return mailed;
    },

    /** `sending` → `sent` once no delivery is queued (rows another sender holds are still queued). */
    async finishIfDone(id: string, now: Date): Promise<boolean> {
      const [left] = await db
        .select({ id: deliveries.id })
        .from(deliveries)
        .where(and(eq(deliveries.campaignId, id), eq(deliveries.state, "queued")))
        .limit(1);
      if (left) return false;
      const done = await db
        .update(campaigns)
        .set({ state: "sent", finishedAt: now, updatedAt: now })
        .where(and(eq(campaigns.id, id), eq(campaigns.state, "sending")))
        .returning({ id: campaigns.id });
      return done.length > 0;
    },

    /** A click through a signed link (guarantee 5): counted once per delivery; where to send the reader. */
    async click(token: string | null | undefined): Promise<{ ok: true; path: string } | { ok: false; code: "LINK_INVALID"; message: string }> {
      const now = clock();
      const link = await readClickToken(deps.secret, token, now);
      if (!link.ok) return link;
      if (!move.isSameSitePath(link.claims.p)) return { ok: false, code: "LINK_INVALID", message: "This link is not valid." };
      await db
        .update(deliveries)
        .set({ clickedAt: now })
        .where(and(eq(deliveries.id, link.claims.d), isNull(deliveries.clickedAt)));
      return { ok: true, path: link.claims.p };
    },

    /** The report: recipients listed, mails sent, skipped at send time, failed, unsubscribed after the mail, and readers who clicked. */
    async report(id: string) {
      const [r] = await db
        .select({
          listed: count(),
          queued: sql<number>`count(*) filter (where ${deliveries.state} = 'queued')`.mapWith(Number),
          sent: sql<number>`count(*) filter (where ${deliveries.state} = 'sent')`.mapWith(Number),
          skipped: sql<number>`count(*) filter (where ${deliveries.state} = 'skipped')`.mapWith(Number),
          failed: sql<number>`count(*) filter (where ${deliveries.state} = 'failed')`.mapWith(Number),
          clicked: sql<number>`count(*) filter (where ${deliveries.clickedAt} is not null)`.mapWith(Number),
        })
        .from(deliveries)
        .where(eq(deliveries.campaignId, id));
      // Unsubscribed after it: a sent mail's subscriber who left the list after its send (marketing_consent_events_subscriber_idx).
      const [u] = await db
        .select({ n: sql<number>`count(distinct ${deliveries.subscriberId})`.mapWith(Number) })
        .from(deliveries)
        .innerJoin(
          marketingConsentEvents,
          and(
            eq(marketingConsentEvents.subscriberId, deliveries.subscriberId),
            eq(marketingConsentEvents.event, "unsubscribed"),
            gt(marketingConsentEvents.at, deliveries.sentAt),
          ),
        )
        .where(and(eq(deliveries.campaignId, id), eq(deliveries.state, "sent")));
      // Failed: a row that could not be mailed, or a recorded mail its transport refused (the outbox's status).
      const mailIds = await db
        .select({ id: deliveries.mailId })
        .from(deliveries)
        .where(and(eq(deliveries.campaignId, id), eq(deliveries.state, "sent")));
      const bounced = await deps.mail.failedAmong(mailIds.map((m) => m.id!));
      return { ...r, failed: r.failed + bounced, unsubscribed: u.n };
    },
  };
}

export type CampaignService = ReturnType<typeof createCampaignService>;
