import { deliveryGroups } from "../../rules/autoship/delivery-groups";
import { isCycleDue } from "../../rules/autoship/renewal-schedule";
import { transition } from "../../rules/autoship/subscription-states";
import { dayOf } from "../../rules/shared/calendar-days";
import { createRenewalStore, pendingOneTimeItems, type RenewalStore, type SubscriptionRow } from "../modules/autoship";
import { guardRenewal } from "./price-guard";
import {
  hasSubstitute,
  placedOrderOf,
  placeRenewalOrder,
  renewalKey,
  renewClaimed,
  substituteOf,
  type RenewalDeps,
  type RenewalLine,
  type RenewalOutcome,
} from "./renew-subscription";

// Renew together — one box per day (rules/autoship/delivery-groups.ts): a customer's Autoships due the
// same day to the same address renew as ONE order and one shipment. Guarantees, beside those of
// renew-subscription.ts (which a box member that ships alone goes through unchanged):
//
// 1. A box is decided once, race-free: the runner's claim (the renewal store's claimDue) reads a
//    customer's due rows under a per-customer advisory lock, groups them and leases whole boxes in
//    that one transaction; another pass sees those rows leased and groups only the rest. Here the
//    box's rows are taken under that lease and grouped again (a member paused, moved or readdressed
//    since the claim leaves the box and renews as the rule now says).
// 2. Exactly once: the box's order has the idempotency key of its lowest subscription id and the
//    cycle date, `renewal:{id}:{cycleDate}` — the very key that subscription alone would use, so a
//    box of one is today's renewal. Each member's outcome is recorded in subscription_renewals
//    (one row per member and cycle) and every member advanced through the lifecycle's transition
//    table, all in ONE transaction (recordPlacedTogether): never some members without the others.
// 3. Crash recovery: an order already under the box's key is settled by place-order (charged or
//    replayed) and recorded for every member whose line it holds; a member it does not hold renews
//    on its own afterwards.
// 4. Each line keeps its own Autoship price (the cart prices each line with its plan), its own price
//    guard (a member held by it stays out of the box, the others ship) and its own substitute (its
//    item out of stock: the substitute in its place, in the same box). One shipping charge: one order.
// 5. A line's stock does not hold the others: a member whose item (and substitute) cannot be had
//    leaves the box, which is placed without it; it then renews on its own, held or skipped as
//    today. Any other refusal of the box (the card, the staff allowance, the delivery's limits)
//    leaves each member to renew on its own, as it would have alone.
// 6. Mails as today: place-order's one confirmation for the box; the hold, skip and decline mails
//    per member.

export type RenewTogetherOptions = { now: Date; claim: Date };

/** Renews the subscriptions of one claimed box (`ids`, leased with the runner's `claim`); one outcome per subscription. */
export async function renewTogether(deps: RenewalDeps, ids: readonly string[], opts: RenewTogetherOptions): Promise<RenewalOutcome[]> {
  const { now, claim } = opts;
  const store = createRenewalStore(deps.db);
  const outcomes: RenewalOutcome[] = [];
  const leased: SubscriptionRow[] = [];
  for (const id of ids) {
    const sub = await store.takeLease(id, claim, now, claim);
    if (sub === "busy") outcomes.push({ ok: false, code: "IN_PROGRESS", message: "This Autoship's order is being placed right now; try again in a moment." });
    else if (!sub) outcomes.push({ ok: false, code: "NOT_FOUND", message: "No such subscription." });
    else leased.push(sub);
  }
  outcomes.push(...(await renewLeased(deps, store, leased, now)));
  // Released on every answer; a run that throws (or a process that dies) keeps them until they lapse.
  for (const sub of leased) await store.releaseLease(sub.id, claim);
  return outcomes;
}

async function renewLeased(deps: RenewalDeps, store: RenewalStore, leased: readonly SubscriptionRow[], now: Date): Promise<RenewalOutcome[]> {
  const today = dayOf(now);
  const outcomes: RenewalOutcome[] = [];
  const due: SubscriptionRow[] = [];
  for (const sub of leased) {
    if (!transition(sub.status, "renew").ok) outcomes.push({ ok: false, code: "NOT_ACTIVE", message: "This Autoship is not active." });
    else if (!isCycleDue(sub, today)) outcomes.push({ ok: false, code: "NOT_DUE", message: "This Autoship is not due yet." });
    else due.push(sub);
  }
  const oneTime = await pendingOneTimeItems(
    deps.db,
    due.map((s) => s.id),
  );
  const candidates = due.map((sub) => ({
    ...sub,
    oneTimeQuantity: oneTime.filter((i) => i.subscriptionId === sub.id).reduce((q, i) => q + i.quantity, 0),
  }));
  for (const box of deliveryGroups(candidates)) {
    const alone = box.length > 1 ? await placeBox(deps, store, box, now, outcomes) : box;
    for (const sub of alone) outcomes.push(await renewClaimed(deps, store, sub, now, today, "schedule"));
  }
  return outcomes;
}

/**
 * Places one box's order; pushes the outcomes of the members it settled (placed, or held by the
 * price guard) and answers the members left to renew on their own.
 */
async function placeBox(
  deps: RenewalDeps,
  store: RenewalStore,
  box: readonly SubscriptionRow[],
  now: Date,
  outcomes: RenewalOutcome[],
): Promise<SubscriptionRow[]> {
  const cycleDate = box[0].nextOrderDate;
  const key = renewalKey(box[0].id, cycleDate);
  let lines: RenewalLine[] = [];
  // The price guard per line; none is held once an order is under the box's key (guarantee 3).
  for (const sub of box) {
    const guarded = await guardRenewal(deps, sub, cycleDate, key, now);
    if (guarded) outcomes.push(guarded);
    else lines.push({ sub });
  }
  const alone: SubscriptionRow[] = [];
  const skus = await skusOf(deps, box);
  // Each round either places the box or takes a line's item off it: at most two rounds per member.
  for (let round = 0; lines.length > 1 && round <= 2 * box.length; round++) {
    const placed = await placeRenewalOrder(deps, lines, cycleDate, now);
    if (placed.ok) {
      await deps.afterOrderPaid?.({ subscriptionId: lines[0].sub.id, orderId: placed.order.id });
      const order = placedOrderOf(placed.order);
      const inOrder = new Set(placed.order.lineItems.filter((l) => l.sellingPlanId).map((l) => Number(l.variant.id)));
      const held = lines.filter((l) => inOrder.has(l.substitute?.variantId ?? l.sub.variantId));
      const recorded = await store.recordPlacedTogether(
        held.map((l) => l.sub.id),
        cycleDate,
        order,
        now,
      );
      for (const line of held) {
        const r = recorded.get(line.sub.id)!;
        if (line.substitute && !r.replayed)
          await store.recordSubstituted(line.sub.id, { cycleDate, orderId: order.id, variantId: line.substitute.variantId, reason: line.substitute.note }, now);
        outcomes.push({ ok: true, code: "RENEWED", orderId: order.id, orderNumber: order.number, totalCents: order.totalCents, cycleDate, ...r });
      }
      return [...alone, ...lines.filter((l) => !held.includes(l)).map((l) => l.sub)];
    }
    const short = placed.code === "OUT_OF_STOCK" ? lines.find((l) => skus.get(l.substitute?.variantId ?? l.sub.variantId) === placed.sku) : undefined;
    if (!short) break;
    // That line's item cannot be had: its substitute in its place (when no other line has that
    // item), else the box goes without it.
    const taken = new Set(lines.map((l) => l.substitute?.variantId ?? l.sub.variantId));
    if (!short.substitute && hasSubstitute(short.sub) && !taken.has(short.sub.substituteVariantId!)) {
      short.substitute = await substituteOf(deps, short.sub);
      skus.set(short.substitute.variantId, await skuOf(deps, short.sub, short.substitute.variantId));
      continue;
    }
    alone.push(short.sub);
    lines = lines.filter((l) => l !== short);
  }
  return [...alone, ...lines.map((l) => l.sub)];
}

/** Each member's item by SKU (place-order names the SKU that is short). */
async function skusOf(deps: RenewalDeps, box: readonly SubscriptionRow[]): Promise<Map<number, string>> {
  const variants = await deps.services.catalog.variantsForCart(
    box.map((s) => s.variantId),
    box[0].site,
  );
  return new Map([...variants].map(([id, v]) => [id, v.sku]));
}

async function skuOf(deps: RenewalDeps, sub: SubscriptionRow, variantId: number): Promise<string> {
  return (await deps.services.catalog.variantsForCart([variantId], sub.site)).get(variantId)?.sku ?? String(variantId);
}
