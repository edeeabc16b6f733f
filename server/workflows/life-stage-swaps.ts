import { lifeStageSwapFor, lifeStageSwapText } from "../../rules/autoship/life-stage-swap";
import { lifeStage } from "../../rules/pets/profile-and-life-stage";
import { autoshipUnitPriceCents } from "../../rules/autoship/offer-and-frequency";
import { dayOf } from "../../rules/shared/calendar-days";
import { formatUsd } from "../../rules/shared/money";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Logger } from "../log";
import { claimLifeStageChecks, petLinkedSubscriptions, recordLifeStageProposal, renewalMail, type LifeStageCheck } from "../modules/autoship";
import type { CatalogService } from "../modules/catalog";
import type { MailService } from "../modules/mail";
import { petsOfOwners, type Pet } from "../modules/pets";

// Life-stage swaps (rules/autoship/life-stage-swap.ts), run by the renewal engine's pass:
//
// 1. The autoship module hands out the subscriptions feeding a kept pet not looked at today, and
//    marks them in the same statement: each is looked at once a day, by one process.
// 2. The pets module answers with those pets (each only when it is the subscription owner's), the
//    catalog with the families of their foods: two queries per batch, whatever its size.
// 3. The rule picks the swap; the autoship module records the proposal, at most one per
//    subscription and stage (a unique key): two passes, or a dismissed proposal, never mail twice.
// 4. The mail goes after the proposal is committed (a crash in between loses a mail, never sends two);
//    the account notice is the recorded proposal itself, shown in My Autoships until answered.

export type LifeStageDeps = {
  db: Db;
  services: { catalog: Pick<CatalogService, "productFamilies">; mail: Pick<MailService, "send"> };
  config: Pick<Config, "storeName" | "publicUrl" | "port">;
  log?: Logger;
};

export type LifeStagePass = {
  limit: number;
  batchSize: number;
  signal?: AbortSignal;
  /** Only this customer's Autoships (the browser tests' clock hook); every customer's otherwise. */
  email?: string;
};

/** Looks at up to `limit` subscriptions, `batchSize` at a time; returns how many proposals were made (and mailed). */
export async function proposeLifeStageSwaps(deps: LifeStageDeps, now: Date, { limit, batchSize, signal, email }: LifeStagePass): Promise<number> {
  let looked = 0;
  let proposed = 0;
  while (looked < limit && !signal?.aborted) {
    const batch = await claimLifeStageChecks(deps.db, dayOf(now), Math.min(batchSize, limit - looked), email === undefined ? undefined : { email });
    if (batch.length === 0) break;
    looked += batch.length;
    const feeding = await petsAndFoods(deps, batch);
    for (const sub of batch) {
      const found = feeding(sub);
      if (!found) continue;
      const { pet, product, family } = found;
      const swap = lifeStageSwapFor(pet, now, { product, variantId: sub.variantId, site: sub.site }, family);
      if (!swap) continue;
      try {
        const from = product.variants.find((v) => v.id === sub.variantId)!;
        const recorded = await recordLifeStageProposal(deps.db, {
          subscriptionId: sub.id,
          petId: pet.id,
          stage: swap.stage,
          reachedOn: swap.reachedOn,
          fromVariantId: from.id,
          toVariantId: swap.variant.id,
          fromUnitCents: autoshipUnitPriceCents(sub.site, from),
          toUnitCents: autoshipUnitPriceCents(sub.site, swap.variant),
        });
        if (!recorded) continue;
        proposed++;
        await mailProposal(
          deps,
          sub,
          pet,
          { product: swap.product.title, from: itemTitle(product, from), to: itemTitle(swap.product, swap.variant) },
          recorded,
        );
      } catch (err) {
        deps.log?.error({ err, subscriptionId: sub.id }, "life-stage proposal not made or not mailed");
      }
    }
  }
  return proposed;
}

/** How many Autoships the console looks ahead at (the oldest first). */
const OUTLOOK_LIMIT = 5_000;

/**
 * The console's look ahead: how many Autoships feeding a kept pet will be proposed a swap within
 * `days` — the pet's next stage begins by then and the rule, asked on that day, has a formula for it.
 */
export async function upcomingLifeStageSwaps(deps: { db: Db; services: Pick<LifeStageDeps["services"], "catalog"> }, now: Date, days: number): Promise<number> {
  const linked = await petLinkedSubscriptions(deps.db, OUTLOOK_LIMIT);
  if (linked.length === 0) return 0;
  const feeding = await petsAndFoods(deps, linked);
  const until = dayOf(new Date(now.getTime() + days * 86_400_000));
  return linked.filter((sub) => {
    const found = feeding(sub);
    const next = found && lifeStage(found.pet, now)?.next;
    if (!found || !next || next.on > until) return false;
    const { pet, product, family } = found;
    return lifeStageSwapFor(pet, new Date(`${next.on}T12:00:00Z`), { product, variantId: sub.variantId, site: sub.site }, family) !== null;
  }).length;
}

/**
 * The pets these subscriptions feed (the pets module: each only when it is the owner's) and their
 * foods' families (the catalog): two queries for any number of subscriptions.
 */
async function petsAndFoods(deps: { db: Db; services: Pick<LifeStageDeps["services"], "catalog"> }, subs: readonly LifeStageCheck[]) {
  const [kept, families] = await Promise.all([
    petsOfOwners(
      deps.db,
      subs.map((s) => ({ customerId: s.customerId, petId: s.petId! })),
    ),
    deps.services.catalog.productFamilies([...new Set(subs.map((s) => s.productId))]),
  ]);
  return (sub: LifeStageCheck) => {
    const pet = kept.find((p) => p.id === sub.petId);
    const product = families.find((p) => p.id === sub.productId);
    return pet && product ? { pet, product, family: families.filter((p) => p.family === product.family) } : null;
  };
}

const itemTitle = (product: { title: string }, v: { flavor: string; sizeLabel: string }) => `${product.title} — ${v.flavor} / ${v.sizeLabel}`;

async function mailProposal(
  deps: LifeStageDeps,
  sub: LifeStageCheck,
  pet: Pet,
  titles: { product: string; from: string; to: string },
  p: { stage: "adult" | "senior"; fromUnitCents: number; toUnitCents: number },
): Promise<void> {
  const text = lifeStageSwapText({
    petName: pet.name,
    species: pet.species,
    stage: p.stage,
    toTitle: titles.product,
    fromUnitCents: p.fromUnitCents,
    toUnitCents: p.toUnitCents,
    quantity: sub.quantity,
    formatMoney: formatUsd,
  });
  const origin = deps.config.publicUrl ?? `http://localhost:${deps.config.port}`;
  const content = renewalMail.lifeStageSwap({
    storeName: deps.config.storeName,
    firstName: sub.shippingAddress.firstName,
    contractId: sub.contractId,
    manageUrl: `${origin}/account/autoships#sub-${sub.id}`,
    ...text,
    from: `${sub.quantity} × ${titles.from}, ${formatUsd(p.fromUnitCents * sub.quantity)}`,
    to: `${sub.quantity} × ${titles.to}, ${formatUsd(p.toUnitCents * sub.quantity)}`,
  });
  await deps.services.mail.send({ template: "autoship.lifeStageSwap", to: sub.email, content });
}
