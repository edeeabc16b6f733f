import { lifeStage, lifeStageLabel, type BreedSize, type LifeStage, type Species } from "../pets/profile-and-life-stage";

// Life-stage swaps: a pet fed a puppy or kitten formula that has reached adulthood (and an adult
// formula's pet that has become a senior) is proposed the same brand's formula for its stage, in
// the size nearest to the one it gets. Pure: the renewal engine's daily check, the proposal's
// mail and My Autoships read the same rule; the shop's life-stage table is rules/pets.

/** The catalogue's life-stage tags (products.lifestages) of each species' stages. */
const STAGE_TAGS: Record<Species, Record<LifeStage, string>> = {
  dog: { young: "puppy", adult: "adult-dog", senior: "senior-dog" },
  cat: { young: "kitten", adult: "adult-cat", senior: "senior-cat" },
};

export type SwapVariant = { id: number; flavor: string; sizeLabel: string; weight: number; weightUnit: string; position: number };
/** A product of the current food's family: same brand, line, species and kind of food. */
export type SwapProduct = {
  id: number;
  title: string;
  sites: readonly string[];
  published: boolean;
  lifestages: readonly string[];
  breedSizes: readonly string[];
  variants: readonly SwapVariant[];
};
export type SwapPet = { species: Species; breedSize: BreedSize | null; birthday: string | null };
export type LifeStageSwap<P extends SwapProduct = SwapProduct> = { stage: "adult" | "senior"; reachedOn: string; product: P; variant: P["variants"][number] };

/**
 * The swap to propose on `today` for a subscription to `current.variantId` of `current.product`
 * feeding `pet`, from the products of its family; null when the food already suits the pet's
 * stage, the pet is young or has no birthday, or the family has no formula for the stage sold on
 * the subscription's site.
 */
export function lifeStageSwapFor<P extends SwapProduct>(
  pet: SwapPet,
  today: Date,
  current: { product: P; variantId: number; site: string },
  family: readonly P[],
): LifeStageSwap<P> | null {
  const reached = lifeStage(pet, today);
  if (!reached || reached.stage === "young") return null;
  const tag = STAGE_TAGS[pet.species][reached.stage];
  if (current.product.lifestages.includes(tag)) return null;
  const now = current.product.variants.find((v) => v.id === current.variantId);
  if (!now) return null;
  const sameSizes = (p: P) => p.breedSizes.length === current.product.breedSizes.length && p.breedSizes.every((b) => current.product.breedSizes.includes(b));
  const fitsPet = (p: P) => !pet.breedSize || p.breedSizes.length === 0 || p.breedSizes.includes(pet.breedSize);
  const candidates = family
    .filter((p) => p.id !== current.product.id && p.published && p.sites.includes(current.site) && p.lifestages.includes(tag) && p.variants.length > 0)
    .filter(fitsPet)
    // The same breed sizes first (a large-breed puppy formula → the large-breed adult one), then a
    // formula made for this stage over an all-ages one.
    .sort((a, b) => Number(sameSizes(b)) - Number(sameSizes(a)) || a.lifestages.length - b.lifestages.length || a.id - b.id);
  const product = candidates[0];
  if (!product) return null;
  return { stage: reached.stage, reachedOn: reached.since, product, variant: nearestVariant(now, product.variants) };
}

/** The same flavour where there is one, in the size nearest the current one (the smaller on a tie). */
function nearestVariant<V extends SwapVariant>(now: SwapVariant, variants: readonly V[]): V {
  const sameFlavor = variants.filter((v) => v.flavor === now.flavor);
  const pool = sameFlavor.length ? sameFlavor : variants;
  const distance = (v: SwapVariant) => (v.weightUnit === now.weightUnit ? Math.abs(v.weight - now.weight) : Number.POSITIVE_INFINITY);
  return [...pool].sort((a, b) => distance(a) - distance(b) || a.weight - b.weight || a.position - b.position)[0]!;
}

/** "Biscuit is an adult now" and the price difference per delivery, as the mail and the notice say it. */
export function lifeStageSwapText(p: {
  petName: string;
  species: Species;
  stage: "adult" | "senior";
  toTitle: string;
  fromUnitCents: number;
  toUnitCents: number;
  quantity: number;
  formatMoney: (cents: number) => string;
}): { headline: string; proposal: string; difference: string } {
  const label = lifeStageLabel(p.species, p.stage).toLowerCase();
  const delta = (p.toUnitCents - p.fromUnitCents) * p.quantity;
  return {
    headline: `${p.petName} is ${p.stage === "adult" ? "an" : "a"} ${label} now`,
    proposal: `We suggest ${p.toTitle}, made for ${label} ${p.species === "dog" ? "dogs" : "cats"}, from your next delivery.`,
    difference:
      delta === 0 ? "Same price per delivery." : delta > 0 ? `${p.formatMoney(delta)} more per delivery.` : `${p.formatMoney(-delta)} less per delivery.`,
  };
}

/** My Autoships' two answers to a proposal (form intents). */
export const ACCEPT_LIFE_STAGE = "accept_life_stage";
export const DISMISS_LIFE_STAGE = "dismiss_life_stage";

/** A posted answer: which proposal, accepted or dismissed. */
export function parseLifeStageAnswer(
  values: Record<string, string | undefined>,
): { ok: true; proposalId: string; answer: "accept" | "dismiss" } | { ok: false; errors: Record<string, string> } {
  const answer = values.intent === ACCEPT_LIFE_STAGE ? "accept" : values.intent === DISMISS_LIFE_STAGE ? "dismiss" : null;
  if (!answer) return { ok: false, errors: { intent: "Choose to switch or to keep your food." } };
  const proposalId = (values.proposalId ?? "").trim();
  if (!proposalId) return { ok: false, errors: { proposalId: "This suggestion is no longer open." } };
  return { ok: true, proposalId, answer };
}

/** The confirmation after an answer (post/redirect/get). */
export function lifeStageNotice(done: string | null): string | null {
  if (done === ACCEPT_LIFE_STAGE) return "Switched: your next delivery brings the new food.";
  if (done === DISMISS_LIFE_STAGE) return "Kept: we will not suggest this again.";
  return null;
}
