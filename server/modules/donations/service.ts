import { and, asc, desc, eq, ilike, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { ClickstreamEnvelope } from "../../../rules/donations/api-input";
import {
  DONATION_TYPE_CODE,
  NO_CAUSE,
  centsToDecimal,
  computeCartDonation,
  splitAmongRecipients,
  type DonationLineInput,
  type DonationRule,
  type LineDonation,
} from "../../../rules/donations/provider";
import { donationCauses, donationClickstreamEvents, donationLedger, donationSegments, donationStores, donationTracking, type LedgerFundedBy } from "./schema";
import { NO_CUSTOMER_RECORD, activeCauses, givingTerms, portfolioMembers, type CustomerPropertyReader, type GivingTerms } from "./giving";
import { isWidgetVisible } from "../../../rules/donations/widget";

// The donation provider (SPEC §3, §7): store configuration, causes, tracking, donation amounts,
// clickstream events and the ledger. Amounts are computed here only, by rules/donations/provider.ts; a
// client never sends an amount that is recorded as given.
//
// Tracking records are bound to the browser session that started them: every tracking read or
// write names the session key's hash, and a record of another session is "not found" (the caller
// answers 404, never telling that the id exists). A tracking record is open until its confirmation
// data is set; then it is confirmed and changes no more.

/**
 * How long the widget's clickstream events are kept: long enough for a quarter's campaign reports,
 * not a store of every shopper's clicks (the retention job deletes older ones).
 */
export const CLICKSTREAM_RETENTION_DAYS = 90;

export type StoreRow = typeof donationStores.$inferSelect;
export type CauseRow = typeof donationCauses.$inferSelect;
export type SegmentRow = typeof donationSegments.$inferSelect;
type TrackingRow = typeof donationTracking.$inferSelect;

/** A cause as the provider's API shows it (SPEC §3 "Cause"). */
export type CauseView = {
  id: string;
  kind: "charity" | "portfolio";
  name: string;
  website: string;
  logoUrl: string | null;
  categoryIconId: number;
  streetAddress: string;
  city: string;
  state: string;
  zip: string;
  description: string;
  multiplier: number;
  categoryId: number;
  categoryName: string;
  categoryLogoUrl: string;
  headline: string;
  bannerImageUrl: string | null;
  isDefault: boolean;
  nteeCode: string;
  nteeMain: string;
  nteeSub: string;
};

export type PortfolioView = CauseView & { portfolioCharities: CauseView[] };

/** Where a cause's category icon is served (0–25); drawn by server/http/donation-images.ts. */
const categoryIconUrl = (iconId: number) => `/donations/category-icons/${iconId}.svg`;

export function causeView(c: CauseRow): CauseView {
  return {
    id: c.id,
    kind: c.kind,
    name: c.name,
    website: c.website,
    logoUrl: c.logoUrl,
    categoryIconId: c.categoryIconId,
    streetAddress: c.streetAddress,
    city: c.city,
    state: c.state,
    zip: c.zip,
    description: c.description,
    multiplier: c.multiplierHundredths / 100,
    categoryId: c.categoryId,
    categoryName: c.categoryName,
    categoryLogoUrl: categoryIconUrl(c.categoryIconId),
    headline: c.headline,
    bannerImageUrl: c.bannerImageUrl,
    isDefault: c.isDefault,
    nteeCode: c.nteeFull,
    nteeMain: c.nteeMain,
    nteeSub: c.nteeSub,
  };
}

/** SPEC §3 "Customer segment", as the widget reads it. */
export function segmentView(s: SegmentRow) {
  return {
    id: s.id,
    isActive: s.isActive,
    name: s.name,
    excludeSegment: s.excludeSegment,
    frontEndPropertyName: s.frontEndPropertyName,
    frontEndSource: s.frontEndSource,
    priorityIndex: s.priorityIndex,
    valueCategory: s.valueCategory,
    specifiedValues: s.specifiedValues,
    backEndPropertyName: s.backEndPropertyName,
    description: s.description,
    donationAction: s.donationAction,
    donationActionValue: s.donationActionValue / 100,
  };
}

/** SPEC §3 "Donation store configuration", every field. */
export function storeView(store: StoreRow, segments: SegmentRow[]) {
  return {
    id: store.id,
    name: store.name,
    activeCampaigns: store.activeCampaigns,
    addressInformation: store.addressInformation,
    contactInformation: store.contactInformation,
    customCSS: store.customCss,
    defaultCauseId: store.defaultCauseId,
    defaultCauseIds: store.defaultCauseIds,
    defaultDonation: store.defaultDonationHundredths / 100,
    defaultDonationType: store.defaultDonationType,
    featuredCauseIds: store.featuredCauseIds,
    isActive: store.isActive,
    isEmbeddedConfirmation: store.isEmbeddedConfirmation,
    isExperienceActive: store.isExperienceActive,
    letShoppersChoose: store.letShoppersChoose,
    searchEnabled: store.searchEnabled,
    primaryCurrency: store.primaryCurrency,
    targetCssSelector: store.targetCssSelector,
    causeMultipliers: Object.fromEntries(Object.entries(store.causeMultipliers).map(([id, h]) => [id, h / 100])),
    segments: segments.map(segmentView),
  };
}

export type CharitySearch = { q: string; skip: number; take: number; zip?: string; city?: string; state?: string; categoryId?: number };

/** A donation request's failure the shopper's input caused (a 400 naming the field). */
export type DonationInputFailure = { ok: false; code: "UNKNOWN_CAUSE" | "UNKNOWN_SEGMENT"; field: string; message: string };

export type DonationRequestContext = {
  providedCauseId?: string;
  customerSegmentId?: string;
  /** The signed-in customer asking (the session's, never the client's word); null or absent for a guest. */
  customerId?: string | null;
  currency: string;
  exchangeRate?: number;
};

export type TrackingFailure = { ok: false; code: "NOT_FOUND" | "CONFIRMED" | "UNKNOWN_CAUSE"; message: string };

export type LedgerEntry = {
  storeId: string;
  orderId: string;
  orderLineId: string;
  causeId: string;
  rule: string;
  amountCents: number;
  fundedBy: LedgerFundedBy;
};

/** A LIKE pattern matching `text` literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
const lowerName = sql`lower(${donationCauses.name})`;

export type DonationsServiceDeps = {
  /** The customer's own record, read for a segment's back-end property (giving.ts rule 2); absent: nothing is proven. */
  customerProperty?: (customerId: string) => CustomerPropertyReader;
};

export function createDonationsService(db: Db, deps: DonationsServiceDeps = {}) {
  const causesByIds = (ids: readonly string[], conn: Db = db) => activeCauses(conn, ids);

  /** The tracking record of this store and browser session; null for an unknown id or another session's. */
  async function ownTracking(storeId: string, trackingId: string, sessionKeyHash: string, conn: Db = db, lock = false): Promise<TrackingRow | null> {
    const query = conn
      .select()
      .from(donationTracking)
      .where(and(eq(donationTracking.id, trackingId), eq(donationTracking.storeId, storeId), eq(donationTracking.sessionKeyHash, sessionKeyHash)));
    const [row] = lock ? await query.for("update") : await query;
    return row ?? null;
  }

  const notFound: TrackingFailure = { ok: false, code: "NOT_FOUND", message: "No donation tracking with this id." };
  const confirmed: TrackingFailure = { ok: false, code: "CONFIRMED", message: "This donation tracking is confirmed and can no longer change." };

  /**
   * The giving terms for one request (giving.ts: the same the order's ledger uses), or the field
   * that was wrong. A segment the page names is checked against the customer's own record there.
   */
  async function donationPlan(store: StoreRow, request: DonationRequestContext) {
    let segment: SegmentRow | null = null;
    if (request.customerSegmentId) {
      const [row] = await db
        .select()
        .from(donationSegments)
        .where(and(eq(donationSegments.id, request.customerSegmentId), eq(donationSegments.storeId, store.id)));
      if (!row)
        return { ok: false, code: "UNKNOWN_SEGMENT", field: "customerSegmentId", message: "No customer segment with this id." } satisfies DonationInputFailure;
      segment = row;
    }
    if (request.providedCauseId && !(await causesByIds([request.providedCauseId])).length)
      return { ok: false, code: "UNKNOWN_CAUSE", field: "providedCauseId", message: "No cause with this id." } satisfies DonationInputFailure;
    const customerProperty = request.customerId && deps.customerProperty ? deps.customerProperty(request.customerId) : NO_CUSTOMER_RECORD;
    const terms = await givingTerms(db, store, { trackedCauseId: request.providedCauseId ?? null, segment, customerProperty });
    return { ok: true as const, ...terms };
  }

  /** The cause the answer names: the one cause given to, else the single recipient; null for a list. */
  const namedCause = (plan: GivingTerms) => {
    const one = plan.cause ?? (plan.recipients.length === 1 ? plan.recipients[0] : null);
    return one ? { causeId: one.id, causeName: one.name } : null;
  };

  function settingsOf(store: StoreRow, plan: { rule: DonationRule; multiplierHundredths: number }, request: DonationRequestContext) {
    return {
      rule: plan.rule,
      multiplierHundredths: plan.multiplierHundredths,
      excludedCmsIds: store.excludedCmsIds,
      directDonationCmsIds: store.directDonationCmsIds,
      cartDonationCents: store.cartDonationCents,
      usdRate: request.currency === "USD" ? 1 : (request.exchangeRate ?? 1),
    };
  }

  const recipientShares = (totalCents: number, recipients: CauseRow[]) => {
    const byId = new Map(recipients.map((r) => [r.id, r]));
    return splitAmongRecipients(
      totalCents,
      recipients.map((r) => r.id),
    ).map((s) => ({
      causeId: s.id,
      causeName: byId.get(s.id)!.name,
      amount: centsToDecimal(s.cents),
      amountCents: s.cents,
    }));
  };

  return {
    /** The store of an x-store-id header (already normalised), with its segments; null when unknown. */
    async store(storeId: string): Promise<StoreRow | null> {
      const [row] = await db.select().from(donationStores).where(eq(donationStores.id, storeId));
      return row ?? null;
    },

    async storeConfiguration(store: StoreRow) {
      const segments = await db.select().from(donationSegments).where(eq(donationSegments.storeId, store.id)).orderBy(asc(donationSegments.priorityIndex));
      return storeView(store, segments);
    },

    // ------------------------------------------------------------------------------------------ tracking

    async startTracking(store: StoreRow, sessionKeyHash: string, isTestMode: boolean) {
      const [row] = await db.insert(donationTracking).values({ storeId: store.id, sessionKeyHash, isTestMode }).returning({ id: donationTracking.id });
      return { trackingId: row.id, causeId: NO_CAUSE.causeId };
    },

    /** SPEC §7 set-cause: a known active cause, or 0 to clear. The stored name is the cause's own, whatever the client sent. */
    async setCause(
      store: StoreRow,
      trackingId: string,
      sessionKeyHash: string,
      causeId: string,
    ): Promise<{ ok: true; causeId: string; causeName: string } | TrackingFailure> {
      return db.transaction(async (tx) => {
        const row = await ownTracking(store.id, trackingId, sessionKeyHash, tx, true);
        if (!row) return notFound;
        if (row.status === "confirmed") return confirmed;
        let name: string = NO_CAUSE.causeName;
        if (causeId !== NO_CAUSE.causeId) {
          const [cause] = await causesByIds([causeId], tx);
          if (!cause) return { ok: false, code: "UNKNOWN_CAUSE", message: "No cause with this id." } as const;
          name = cause.name;
        }
        const cleared = causeId === NO_CAUSE.causeId;
        await tx
          .update(donationTracking)
          .set({ causeId: cleared ? null : causeId, causeName: cleared ? null : name, updatedAt: new Date() })
          .where(eq(donationTracking.id, row.id));
        return { ok: true, causeId, causeName: name };
      });
    },

    async trackedCause(
      store: StoreRow,
      trackingId: string,
      sessionKeyHash: string,
    ): Promise<{ ok: true; CauseId: string; CauseName: string } | TrackingFailure> {
      const row = await ownTracking(store.id, trackingId, sessionKeyHash);
      if (!row) return notFound;
      return { ok: true, CauseId: row.causeId ?? NO_CAUSE.causeId, CauseName: row.causeName ?? NO_CAUSE.causeName };
    },

    /** SPEC §4: the e-mail-marketing parameters are stored once per integration type; a second call keeps the first. */
    async addIntegrationInfo(
      store: StoreRow,
      trackingId: string,
      sessionKeyHash: string,
      integrationType: string,
      info: unknown,
    ): Promise<{ ok: true; stored: boolean } | TrackingFailure> {
      return db.transaction(async (tx) => {
        const row = await ownTracking(store.id, trackingId, sessionKeyHash, tx, true);
        if (!row) return notFound;
        if (row.status === "confirmed") return confirmed;
        if (Object.hasOwn(row.integrationInfo, integrationType)) return { ok: true, stored: false };
        await tx
          .update(donationTracking)
          .set({ integrationInfo: { ...row.integrationInfo, [integrationType]: info }, updatedAt: new Date() })
          .where(eq(donationTracking.id, row.id));
        return { ok: true, stored: true };
      });
    },

    /** SPEC §7 set-confirmation-data: once; the record is confirmed afterwards. */
    async setConfirmationData(
      store: StoreRow,
      trackingId: string,
      sessionKeyHash: string,
      data: { totalDonationAmount: string; causes: string },
    ): Promise<{ ok: true } | TrackingFailure> {
      return db.transaction(async (tx) => {
        const row = await ownTracking(store.id, trackingId, sessionKeyHash, tx, true);
        if (!row) return notFound;
        if (row.status === "confirmed") return confirmed;
        await tx.update(donationTracking).set({ confirmationData: data, status: "confirmed", updatedAt: new Date() }).where(eq(donationTracking.id, row.id));
        return { ok: true };
      });
    },

    // ------------------------------------------------------------------------------------------ amounts

    /** SPEC §7 products/donation-by-cms-id: one unit at realPrice (cents); `showWidget` is the product widget's visibility. */
    async productDonation(store: StoreRow, input: { cmsId: string; realPriceCents: number } & DonationRequestContext) {
      const plan = await donationPlan(store, input);
      if (!plan.ok) return plan;
      const computed = computeCartDonation([{ cmsId: input.cmsId, unitPriceCents: input.realPriceCents, quantity: 1, discountCents: 0 }], 0, {
        ...settingsOf(store, plan, input),
        cartDonationCents: 0,
      });
      const line = computed.lines[0];
      // What the order would record: nothing of the store's when it does not give (giving.ts rule 3).
      const total = plan.storeGives ? line.donationCents : 0;
      return {
        ok: true as const,
        result: {
          totalDonationValue: centsToDecimal(total),
          totalDonationValueCents: total,
          portfolioId: plan.cause?.kind === "portfolio" ? plan.cause.id : null,
          cause: namedCause(plan),
          donations: recipientShares(total, plan.recipients),
          excluded: line.excluded || plan.excluded,
          donationType: DONATION_TYPE_CODE[plan.rule.type],
          directDonation: line.directDonation,
          showWidget: isWidgetVisible({ place: "product", store, segment: plan.segment, totalCents: total }),
          currency: input.currency,
        },
      };
    },

    /** SPEC §7 products/get-multiple-donation: the cart's lines (cents), in SPEC §3's donation result shape; `showWidget` is the cart widget's visibility. */
    async cartDonation(
      store: StoreRow,
      input: { lines: DonationLineInput[]; cartDiscountCents: number; ignoreDirectDonations: boolean } & DonationRequestContext,
    ) {
      const plan = await donationPlan(store, input);
      if (!plan.ok) return plan;
      const computed = computeCartDonation(input.lines, input.cartDiscountCents, settingsOf(store, plan, input), {
        ignoreDirectDonations: input.ignoreDirectDonations,
      });
      // What the order would record: nothing of the store's when it does not give (an exclusion
      // segment, the online-purchase campaign off, the store inactive: giving.ts rule 3).
      const zeroed = (l: LineDonation) => (plan.storeGives ? l : { ...l, donationCents: 0 });
      const lines = computed.lines.map(zeroed);
      const cartDonationCents = plan.storeGives ? computed.cartDonationCents : 0;
      const totalCents = plan.storeGives ? computed.totalCents : 0;
      return {
        ok: true as const,
        result: {
          donationRecipients: recipientShares(totalCents, plan.recipients),
          lineItems: lines.map((l) => ({
            cmsId: l.cmsId,
            donations: recipientShares(l.donationCents, plan.recipients),
            totalDonationValue: centsToDecimal(l.donationCents),
            totalDonationValueCents: l.donationCents,
            donationType: l.donationType,
            directDonation: l.directDonation,
            excluded: l.excluded,
          })),
          cartDonation: centsToDecimal(cartDonationCents),
          cartDonationCents,
          totalDonationAmount: centsToDecimal(totalCents),
          totalDonationAmountCents: totalCents,
          cause: namedCause(plan),
          showWidget: isWidgetVisible({ place: "cart", store, segment: plan.segment, totalCents }),
          excluded: plan.excluded,
          portfolioId: plan.cause?.kind === "portfolio" ? plan.cause.id : null,
          currency: input.currency,
        },
      };
    },

    // ------------------------------------------------------------------------------------------ causes

    /** SPEC §7 charities/search: name (substring or trigram-similar), city, state, zip, category; skip/take paging. */
    async searchCharities(search: CharitySearch) {
      const conditions: SQL[] = [eq(donationCauses.kind, "charity"), eq(donationCauses.active, true)];
      const term = search.q.trim().replace(/\s+/g, " ").toLowerCase();
      // `%` (similarity ≥ 0.3) and LIKE both use donation_causes_name_trgm_idx.
      if (term) conditions.push(sql`(${lowerName} like ${`%${likeLiteral(term)}%`} or ${lowerName} % ${term})`);
      if (search.city) conditions.push(sql`lower(${donationCauses.city}) = ${search.city.toLowerCase()}`);
      if (search.state) conditions.push(eq(donationCauses.state, search.state));
      if (search.zip) conditions.push(search.zip.length === 5 ? eq(donationCauses.zip, search.zip) : ilike(donationCauses.zip, `${search.zip}%`));
      if (search.categoryId !== undefined) conditions.push(eq(donationCauses.categoryId, search.categoryId));
      const rank = term ? [desc(sql`(case when ${lowerName} like ${`${likeLiteral(term)}%`} then 1 else 0 end + similarity(${lowerName}, ${term}))`)] : [];
      const rows = await db
        .select({ cause: donationCauses, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(donationCauses)
        .where(and(...conditions))
        .orderBy(...rank, asc(donationCauses.name), asc(donationCauses.id))
        .offset(search.skip)
        .limit(search.take);
      return { totalCount: rows[0]?.total ?? 0, skip: search.skip, take: search.take, charities: rows.map((r) => causeView(r.cause)) };
    },

    /** SPEC §7 charities/search-by-eins: the known ones, in the order asked. */
    async charitiesByEins(eins: readonly string[]) {
      const rows = (await causesByIds(eins)).filter((c) => c.kind === "charity");
      const byId = new Map(rows.map((r) => [r.id, r]));
      return eins.flatMap((id) => (byId.has(id) ? [causeView(byId.get(id)!)] : []));
    },

    /** SPEC §7 portfolios/cc-query-with-charities: each known portfolio with its charities. */
    async portfoliosWithCharities(ids: readonly string[]): Promise<PortfolioView[]> {
      const rows = (await causesByIds(ids)).filter((c) => c.kind === "portfolio");
      const members = await portfolioMembers(
        db,
        rows.map((r) => r.id),
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => {
        const p = byId.get(id);
        return p ? [{ ...causeView(p), portfolioCharities: (members.get(id) ?? []).map(causeView) }] : [];
      });
    },

    // ------------------------------------------------------------------------------------------ clickstream

    async recordEvents(storeId: string, envelopes: readonly ClickstreamEnvelope[]) {
      await db.insert(donationClickstreamEvents).values(
        envelopes.map((e) => ({
          storeId,
          trackingId: e.tracking_id ?? null,
          eventType: e.event.event_type,
          eventVersion: e.event.event_version,
          occurredAt: new Date(e.event.time_stamp),
          envelope: { ...e, store_id: storeId },
        })),
      );
      return { accepted: envelopes.length };
    },

    /** Deletes clickstream events received before the retention window (the retention job runs it); the count deleted. */
    async purgeEvents(now: Date, days = CLICKSTREAM_RETENTION_DAYS): Promise<number> {
      const before = new Date(now.getTime() - days * 24 * 3600 * 1000);
      const gone = await db
        .delete(donationClickstreamEvents)
        .where(lt(donationClickstreamEvents.receivedAt, before))
        .returning({ id: donationClickstreamEvents.id });
      return gone.length;
    },

    // ------------------------------------------------------------------------------------------ ledger

    /** Appends ledger rows (the order workflow passes its transaction). One row per line, cause and rule (unique). */
    async appendLedger(entries: readonly LedgerEntry[], conn: Db = db) {
      if (!entries.length) return [];
      return conn
        .insert(donationLedger)
        .values([...entries])
        .returning();
    },

    /** Reverses every unreversed row of an order line with a new negative row; rows already reversed are left alone. */
    async reverseLedgerLine(orderLineId: string, conn: Db = db) {
      const reversal = sql`select 1 from ${donationLedger} r where r.reverses_id = ${donationLedger.id}`;
      const open = await conn
        .select()
        .from(donationLedger)
        .where(and(eq(donationLedger.orderLineId, orderLineId), isNull(donationLedger.reversesId), sql`not exists (${reversal})`));
      if (!open.length) return [];
      return conn
        .insert(donationLedger)
        .values(
          open.map((r) => ({
            storeId: r.storeId,
            orderId: r.orderId,
            orderLineId: r.orderLineId,
            causeId: r.causeId,
            rule: "reversal",
            amountCents: -r.amountCents,
            fundedBy: r.fundedBy,
            reversesId: r.id,
          })),
        )
        .onConflictDoNothing()
        .returning();
    },

    async ledgerForOrder(orderId: string) {
      return db.select().from(donationLedger).where(eq(donationLedger.orderId, orderId)).orderBy(asc(donationLedger.id));
    },
  };
}

export type DonationsService = ReturnType<typeof createDonationsService>;
