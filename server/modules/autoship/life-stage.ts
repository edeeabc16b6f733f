import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { isUuid } from "../../../rules/shared/ids";
import type { Db } from "../../db/client";
import { lifeStageProposals, subscriptionEvents, subscriptions } from "./schema";

// Life-stage swaps (rules/autoship/life-stage-swap.ts), the autoship module's part: which
// subscriptions feeding a kept pet are looked at today, the proposals made (one per subscription
// and stage, so a dismissed one never comes back), and the customer's answer, which swaps the item
// from the next delivery under the subscription's row lock.

export type LifeStageProposal = typeof lifeStageProposals.$inferSelect;
export type LifeStageCheck = Pick<
  typeof subscriptions.$inferSelect,
  "id" | "customerId" | "site" | "petId" | "productId" | "variantId" | "quantity" | "email" | "contractId" | "shippingAddress"
>;

/** What the life-stage check reads of a subscription. */
const CHECK_COLUMNS = {
  id: subscriptions.id,
  customerId: subscriptions.customerId,
  site: subscriptions.site,
  petId: subscriptions.petId,
  productId: subscriptions.productId,
  variantId: subscriptions.variantId,
  quantity: subscriptions.quantity,
  email: subscriptions.email,
  contractId: subscriptions.contractId,
  shippingAddress: subscriptions.shippingAddress,
};

/**
 * Up to `n` active subscriptions feeding a kept pet not yet looked at on `today`, marked as looked
 * at in the same statement (FOR UPDATE SKIP LOCKED: parallel passes share them, each once a day).
 * A pet one of whose Autoships was cancelled because it died is never written about again.
 * `only` narrows it to one customer's Autoships (the browser tests' clock hook).
 */
export async function claimLifeStageChecks(db: Db, today: string, n: number, only?: { email: string }): Promise<LifeStageCheck[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.status, "active"),
          isNotNull(subscriptions.petId),
          only ? eq(subscriptions.email, only.email) : undefined,
          or(isNull(subscriptions.lifeStageCheckedOn), lt(subscriptions.lifeStageCheckedOn, today)),
          sql`not exists (select 1 from subscriptions gone where gone.pet_id = ${subscriptions.petId} and gone.cancel_reason = 'pet_passed_away')`,
        ),
      )
      .orderBy(sql`${subscriptions.lifeStageCheckedOn} asc nulls first`, asc(subscriptions.id))
      .limit(n)
      .for("update", { skipLocked: true });
    if (!due.length) return [];
    return tx
      .update(subscriptions)
      .set({ lifeStageCheckedOn: today })
      .where(
        inArray(
          subscriptions.id,
          due.map((d) => d.id),
        ),
      )
      .returning(CHECK_COLUMNS);
  });
}

/** Active subscriptions feeding a kept pet, at most `limit` (the console's look ahead at swaps to come). */
export async function petLinkedSubscriptions(db: Db, limit: number): Promise<LifeStageCheck[]> {
  return db
    .select(CHECK_COLUMNS)
    .from(subscriptions)
    .where(and(eq(subscriptions.status, "active"), isNotNull(subscriptions.petId)))
    .orderBy(asc(subscriptions.id))
    .limit(limit);
}

/** Records a proposal; null when this subscription already had one for the stage (the mail is then not sent again). */
export async function recordLifeStageProposal(
  db: Db,
  p: Omit<typeof lifeStageProposals.$inferInsert, "id" | "status" | "decidedAt" | "createdAt">,
): Promise<LifeStageProposal | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(lifeStageProposals).values(p).onConflictDoNothing().returning();
    if (!row) return null;
    await tx.insert(subscriptionEvents).values({
      subscriptionId: p.subscriptionId,
      kind: "life_stage_proposed",
      actor: "system",
      detail: { stage: p.stage, from: p.fromVariantId, to: p.toVariantId },
    });
    return row;
  });
}

/** The proposals waiting for the customer's answer, of these subscriptions. */
export async function pendingLifeStageProposals(db: Db, subscriptionIds: readonly string[]): Promise<LifeStageProposal[]> {
  if (subscriptionIds.length === 0) return [];
  return db
    .select()
    .from(lifeStageProposals)
    .where(and(inArray(lifeStageProposals.subscriptionId, [...subscriptionIds]), eq(lifeStageProposals.status, "proposed")));
}

/** Proposals with their subscription's site (what the answer checks the proposed item against). */
export async function lifeStageProposalsById(db: Db, ids: readonly string[]): Promise<(LifeStageProposal & { site: "d2c" | "hpsf" })[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ p: lifeStageProposals, site: subscriptions.site })
    .from(lifeStageProposals)
    .innerJoin(subscriptions, eq(subscriptions.id, lifeStageProposals.subscriptionId))
    .where(inArray(lifeStageProposals.id, [...ids]));
  return rows.map((r) => ({ ...r.p, site: r.site }));
}

export type LifeStageAnswer = "accept" | "dismiss";
export type LifeStageAnswerResult =
  { ok: true; subscriptionId: string; answer: LifeStageAnswer } | { ok: false; code: "NOT_FOUND" | "NOT_ALLOWED"; field: string; message: string };

/**
 * The customer's answer to a proposal of their own: accepting swaps the subscription's item to the
 * proposed one from the next delivery (the price guard still compares the renewal's price with the
 * last order's); dismissing keeps the food and the proposal is never made again. `toProductId` is
 * the catalogue's current answer for the proposed variant (null: no longer sold there).
 */
export async function answerLifeStageProposal(
  db: Db,
  customerId: string,
  proposalId: string,
  answer: LifeStageAnswer,
  toProduct: { productId: number; sites: readonly string[] } | null,
  now: Date,
): Promise<LifeStageAnswerResult> {
  const missing = { ok: false as const, code: "NOT_FOUND" as const, field: "proposalId", message: "This suggestion is no longer open." };
  if (!isUuid(proposalId)) return missing;
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ p: lifeStageProposals, s: subscriptions })
      .from(lifeStageProposals)
      .innerJoin(subscriptions, eq(subscriptions.id, lifeStageProposals.subscriptionId))
      .where(and(eq(lifeStageProposals.id, proposalId), eq(subscriptions.customerId, customerId)))
      .for("update");
    if (!found || found.p.status !== "proposed") return missing;
    const { p, s } = found;
    if (answer === "accept") {
      if (s.status === "cancelled") return { ok: false, code: "NOT_ALLOWED", field: "proposalId", message: "This Autoship is cancelled." };
      if (s.renewalClaimedUntil && s.renewalClaimedUntil > now)
        return {
          ok: false,
          code: "NOT_ALLOWED",
          field: "proposalId",
          message: "Your Autoship order is being placed right now. Please try again in a few minutes.",
        };
      if (s.variantId !== p.fromVariantId)
        return { ok: false, code: "NOT_ALLOWED", field: "proposalId", message: "You changed this Autoship's item since: the suggestion no longer applies." };
      if (!toProduct || !toProduct.sites.includes(s.site))
        return { ok: false, code: "NOT_ALLOWED", field: "proposalId", message: "The suggested food is no longer sold; your Autoship is unchanged." };
      await tx
        .update(subscriptions)
        .set({ productId: toProduct.productId, variantId: p.toVariantId, updatedAt: sql`now()` })
        .where(eq(subscriptions.id, s.id));
    }
    await tx
      .update(lifeStageProposals)
      .set({ status: answer === "accept" ? "accepted" : "dismissed", decidedAt: now })
      .where(eq(lifeStageProposals.id, p.id));
    await tx.insert(subscriptionEvents).values({
      subscriptionId: s.id,
      kind: answer === "accept" ? "life_stage_swapped" : "life_stage_dismissed",
      actor: "customer",
      detail: { stage: p.stage, from: p.fromVariantId, to: p.toVariantId },
    });
    return { ok: true as const, subscriptionId: s.id, answer };
  });
}

/** The console's counts: proposals made since `since` by their answer, and the subscriptions that feed a kept pet. */
export async function lifeStageReport(db: Db, since: Date) {
  const [byStatus, [linked]] = await Promise.all([
    db
      .select({ status: lifeStageProposals.status, n: count() })
      .from(lifeStageProposals)
      .where(gte(lifeStageProposals.createdAt, since))
      .groupBy(lifeStageProposals.status),
    db
      .select({ n: count() })
      .from(subscriptions)
      .where(and(eq(subscriptions.status, "active"), isNotNull(subscriptions.petId))),
  ]);
  const of = (status: LifeStageProposal["status"]) => byStatus.find((r) => r.status === status)?.n ?? 0;
  return {
    proposed: of("proposed") + of("accepted") + of("dismissed"),
    accepted: of("accepted"),
    dismissed: of("dismissed"),
    waiting: of("proposed"),
    subscriptionsWithPet: linked?.n ?? 0,
  };
}
