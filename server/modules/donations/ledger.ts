import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  CAMPAIGN_ADD_ON,
  CAMPAIGN_ROUND_UP,
  addonLedgerRows,
  confirmationCauses,
  netByCause,
  reversedByCause,
  reversalsDue,
  storeLedgerRows,
  type AddonChoice,
  type LedgerLineInput,
  type LedgerRowDraft,
} from "../../../rules/donations/ledger-campaigns";
import { donationStoreFor, twoDecimals } from "../../../rules/donations/provider";
import type { SiteId } from "../../../rules/shared/site";
import { donationCartChoices, donationCauses, donationLedger, donationSegments, donationStores, donationTracking, type DonationAddonKind } from "./schema";
import { NO_CUSTOMER_RECORD, causesFor, givingTerms, type CustomerPropertyReader } from "./giving";
import type { StoreRow } from "./service";
import type { Logger } from "../../log";

// The donations of an order (README "Donations"): which tracking belongs to a cart, the shopper's
// add-on or round-up choice, the ledger rows an order writes when it is paid, their reversals when
// it is cancelled or refunded, and what an order gave per cause. The amounts come from
// rules/donations/ledger-campaigns.ts; the order workflows call these inside their own transactions (the
// order's row lock held), so a ledger write commits or rolls back with the order.

export type CartDonationChoice = typeof donationCartChoices.$inferSelect;

/** A cart's add-on or round-up as the totals rule reads it; null when none (or its campaign is no longer active). */
export function addonChoiceOf(choice: CartDonationChoice | null, store: Pick<StoreRow, "activeCampaigns" | "isActive"> | null): AddonChoice | null {
  if (!choice?.addonKind || !store?.isActive) return null;
  if (choice.addonKind === "round-up") return store.activeCampaigns.includes(CAMPAIGN_ROUND_UP) ? { kind: "round-up" } : null;
  return store.activeCampaigns.includes(CAMPAIGN_ADD_ON) && choice.addonCents ? { kind: "add-on", cents: choice.addonCents } : null;
}

/** Per cause: what an order still gives (net of reversals) and what refunds took back (`reversedCents`, positive). */
export type GivenToCause = { causeId: string; causeName: string; cents: number; customerCents: number; reversedCents: number };

export function createDonationLedger(db: Db, deps: { log?: Pick<Logger, "error"> } = {}) {
  async function store(storeId: string, conn: Db = db): Promise<StoreRow | null> {
    const [row] = await conn.select().from(donationStores).where(eq(donationStores.id, storeId));
    return row ?? null;
  }

  async function causeNames(ids: readonly string[], conn: Db = db): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await conn
      .select({ id: donationCauses.id, name: donationCauses.name })
      .from(donationCauses)
      .where(inArray(donationCauses.id, [...ids]));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** The cause a tracking record holds (this store's); null when none or no tracking. */
  async function trackedCause(trackingId: string | null, storeId: string, conn: Db): Promise<string | null> {
    if (!trackingId) return null;
    const [t] = await conn
      .select({ causeId: donationTracking.causeId })
      .from(donationTracking)
      .where(and(eq(donationTracking.id, trackingId), eq(donationTracking.storeId, storeId)));
    return t?.causeId ?? null;
  }

  /** A cart's donation choice row (the workflow passes its transaction, holding the cart's lock). */
  async function cartChoice(cartId: string, conn: Db = db): Promise<CartDonationChoice | null> {
    const [row] = await conn.select().from(donationCartChoices).where(eq(donationCartChoices.cartId, cartId));
    return row ?? null;
  }

  /** A segment of this store that is active now; null otherwise (deleted, switched off, another store's). */
  async function activeSegment(s: StoreRow, segmentId: string | null, conn: Db = db) {
    if (!segmentId) return null;
    const [row] = await conn
      .select()
      .from(donationSegments)
      .where(and(eq(donationSegments.id, segmentId), eq(donationSegments.storeId, s.id), eq(donationSegments.isActive, true)));
    return row ?? null;
  }

  /**
   * What an order gave, per cause, net of reversals (the confirmation page, My Orders, the mail),
   * with what refunds took back; a cause whose donation was wholly reversed is listed with 0 given.
   */
  async function givenForOrder(orderId: string, conn: Db = db): Promise<GivenToCause[]> {
    const rows = await conn.select().from(donationLedger).where(eq(donationLedger.orderId, orderId));
    const reversed = reversedByCause(rows);
    const net = netByCause(rows);
    const wholly = [...reversed.keys()].filter((id) => !net.some((n) => n.causeId === id)).sort();
    const all = [...net, ...wholly.map((causeId) => ({ causeId, cents: 0, customerCents: 0 }))];
    const names = await causeNames(
      all.map((n) => n.causeId),
      conn,
    );
    return all.map((n) => ({ ...n, causeName: names.get(n.causeId) ?? n.causeId, reversedCents: reversed.get(n.causeId) ?? 0 }));
  }

  return {
    store,
    cartChoice,

    /**
     * The cart's donation tracking (a checkout attribute) and add-on or round-up (in the totals); the
     * shop only: a site without a donation store, or a choice made for another store, gives none.
     */
    async cartDonation(
      site: SiteId,
      cartId: string,
      configuredStoreId: string | null | undefined,
    ): Promise<{ trackingId: string | null; addon: AddonChoice | null }> {
      const storeId = donationStoreFor(site, configuredStoreId);
      const choice = storeId ? await cartChoice(cartId) : null;
      if (!choice || choice.storeId !== storeId) return { trackingId: null, addon: null };
      return { trackingId: choice.trackingId, addon: addonChoiceOf(choice, await store(choice.storeId)) };
    },

    /**
     * Binds a tracking record to a cart. Only a record of this browser's donation session counts
     * (`sessionKeyHash`); the caller has checked that the cart is the shopper's own. Another
     * session's id or an unknown one: NOT_FOUND; a confirmed record (its order is done): CONFIRMED.
     * The segment the widget matched is kept only when it is this store's and active; anything else
     * is dropped (the order then gives the store's own rule), so a client gains nothing by naming one.
     */
    async attachTracking(
      s: StoreRow,
      trackingId: string,
      sessionKeyHash: string,
      cartId: string,
      segmentId: string | null = null,
    ): Promise<{ ok: true; segmentId: string | null } | { ok: false; code: "NOT_FOUND" | "CONFIRMED"; message: string }> {
      const [t] = await db
        .select({ status: donationTracking.status })
        .from(donationTracking)
        .where(and(eq(donationTracking.id, trackingId), eq(donationTracking.storeId, s.id), eq(donationTracking.sessionKeyHash, sessionKeyHash)));
      if (!t) return { ok: false, code: "NOT_FOUND", message: "No donation tracking with this id." };
      if (t.status === "confirmed") return { ok: false, code: "CONFIRMED", message: "This donation tracking is confirmed and can no longer change." };
      const kept = (await activeSegment(s, segmentId))?.id ?? null;
      await db
        .insert(donationCartChoices)
        .values({ cartId, storeId: s.id, trackingId, segmentId: kept })
        .onConflictDoUpdate({ target: donationCartChoices.cartId, set: { storeId: s.id, trackingId, segmentId: kept, updatedAt: sql`now()` } });
      return { ok: true, segmentId: kept };
    },

    /** Sets (or, with null, removes) the cart's add-on or round-up; the caller checked the cart is the shopper's and the campaign is active. */
    async setAddon(cartId: string, storeId: string, choice: AddonChoice | null): Promise<void> {
      const set = { addonKind: (choice?.kind ?? null) as DonationAddonKind | null, addonCents: choice?.kind === "add-on" ? choice.cents : null };
      await db
        .insert(donationCartChoices)
        .values({ cartId, storeId, ...set })
        .onConflictDoUpdate({ target: donationCartChoices.cartId, set: { ...set, updatedAt: sql`now()` } });
    },

    /** The cart page's offer: the store's add-on/round-up campaigns, the cause it goes to, and the shopper's choice. */
    async cartOffer(cartId: string | null, storeId: string | null) {
      const s = storeId ? await store(storeId) : null;
      if (!s || !s.isActive || !(s.activeCampaigns.includes(CAMPAIGN_ADD_ON) || s.activeCampaigns.includes(CAMPAIGN_ROUND_UP))) return null;
      const choice = cartId ? await cartChoice(cartId) : null;
      const { cause } = await causesFor(db, s, await trackedCause(choice?.trackingId ?? null, s.id, db));
      return { storeId: s.id, activeCampaigns: s.activeCampaigns, causeName: cause?.name ?? s.name, choice: addonChoiceOf(choice, s) };
    },

    /**
     * The ledger rows of a paid order, in the caller's transaction: the store's promise per line
     * (when its online-purchase campaign is active) and the shopper's add-on; then the tracking's
     * confirmation data (SPEC §7: the total to 2 decimals, the causes as a JSON string). A second
     * call for the same order writes nothing (one row per line, cause and rule is unique).
     */
    async writeOrderLedger(
      tx: Db,
      p: {
        storeId: string;
        orderId: string;
        trackingId: string | null;
        confirmTracking: boolean;
        lines: readonly LedgerLineInput[];
        addon: { kind: DonationAddonKind; cents: number } | null;
        /** The segment the widget matched for this cart (read again here: one switched off since counts for nothing). */
        segmentId?: string | null;
        /** The buyer's own record, which must prove a segment that changes the amount; absent (a guest): nothing is proven. */
        customerProperty?: CustomerPropertyReader;
      },
    ) {
      const s = await store(p.storeId, tx);
      if (!s || !s.isActive) return [];
      // The same terms the widget was answered with (giving.ts): cause, rule, segment proven from the customer's record.
      const terms = await givingTerms(tx, s, {
        trackedCauseId: await trackedCause(p.trackingId, s.id, tx),
        segment: await activeSegment(s, p.segmentId ?? null, tx),
        customerProperty: p.customerProperty ?? NO_CUSTOMER_RECORD,
      });
      const recipients = terms.recipients.map((r) => r.id);
      const drafts: LedgerRowDraft[] = [
        ...(terms.storeGives
          ? storeLedgerRows({
              lines: p.lines,
              rule: terms.rule,
              multiplierHundredths: terms.multiplierHundredths,
              excludedCmsIds: s.excludedCmsIds,
              directDonationCmsIds: s.directDonationCmsIds,
              cartDonationCents: s.cartDonationCents,
              recipients,
            })
          : []),
        ...(p.addon ? addonLedgerRows({ orderId: p.orderId, kind: p.addon.kind, amountCents: p.addon.cents, recipients }) : []),
      ];
      const written = drafts.length
        ? await tx
            .insert(donationLedger)
            .values(drafts.map((d) => ({ ...d, storeId: s.id, orderId: p.orderId })))
            .onConflictDoNothing()
            .returning()
        : [];
      if (p.trackingId && p.confirmTracking) {
        const trackingId = p.trackingId;
        const names = await causeNames([...new Set(written.map((w) => w.causeId))], tx);
        const given = netByCause(written).map((g) => ({ causeId: g.causeId, causeName: names.get(g.causeId) ?? g.causeId, cents: g.cents }));
        const total = given.reduce((sum, g) => sum + g.cents, 0);
        try {
          // A savepoint: the order and its ledger rows stand even when the tracking's record cannot
          // be confirmed (SPEC §8 logs it; the tracking stays open, nothing else depends on it).
          await tx.transaction(async (sp) => {
            await sp
              .update(donationTracking)
              .set({
                confirmationData: { totalDonationAmount: twoDecimals(total), causes: confirmationCauses(given) },
                status: "confirmed",
                updatedAt: new Date(),
              })
              .where(and(eq(donationTracking.id, trackingId), eq(donationTracking.status, "open")));
          });
        } catch (err) {
          deps.log?.error({ err, orderId: p.orderId, trackingId }, "Error setting confirmation data for post purchase confirmation");
        }
      }
      return written;
    },

    /**
     * Reverses an order's rows for one refund, in the caller's transaction (the order's row lock
     * held, the refund already recorded, so `lines` carry the units refunded so far, this refund's
     * included). `whole`: the order is cancelled or refunded in full — everything left is reversed.
     */
    async reverseForRefund(
      tx: Db,
      p: { orderId: string; refundId: string; whole: boolean; lines: readonly { id: string; quantity: number; refundedQuantity: number }[] },
    ) {
      const rows = await tx.select().from(donationLedger).where(eq(donationLedger.orderId, p.orderId)).orderBy(asc(donationLedger.id));
      const originals = rows.filter((r) => r.reversesId === null);
      if (!originals.length) return [];
      const reversed = new Map<number, number>();
      for (const r of rows) if (r.reversesId !== null) reversed.set(r.reversesId, (reversed.get(r.reversesId) ?? 0) - r.amountCents);
      const due = reversalsDue(
        originals.map((r) => {
          const line = p.lines.find((l) => l.id === r.orderLineId);
          return {
            id: r.id,
            amountCents: r.amountCents,
            line: line ? { quantity: line.quantity, refundedQuantity: line.refundedQuantity } : null,
            reversedCents: reversed.get(r.id) ?? 0,
          };
        }),
        p.whole,
      );
      if (!due.length) return [];
      const byId = new Map(originals.map((r) => [r.id, r]));
      return tx
        .insert(donationLedger)
        .values(
          due.map((d) => {
            const r = byId.get(d.reversesId)!;
            return {
              storeId: r.storeId,
              orderId: r.orderId,
              orderLineId: r.orderLineId,
              causeId: r.causeId,
              rule: "reversal",
              amountCents: d.amountCents,
              fundedBy: r.fundedBy,
              reversesId: r.id,
              refundId: p.refundId,
            };
          }),
        )
        .returning();
    },

    /**
     * givenForOrder for the order's pages and mail: a failure to read it is logged (SPEC §8 "Error
     * retrieving donation breakdown") and answers no donation lines, so the page or mail goes on.
     */
    async breakdownForOrder(orderId: string): Promise<GivenToCause[]> {
      try {
        return await givenForOrder(orderId);
      } catch (err) {
        deps.log?.error({ err, orderId }, "Error retrieving donation breakdown");
        return [];
      }
    },

    givenForOrder,
  };
}

export type DonationLedgerService = ReturnType<typeof createDonationLedger>;
