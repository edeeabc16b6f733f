// The chosen substitute of an Autoship (My Autoships): another size of the same product or any
// other food the customer picks, shipped instead of the usual item when that is out of stock at the
// warehouse serving the address on renewal day. The order line says what it replaced and why.

/** The order line attribute naming what a substitute replaced (shown on the order). */
export const SUBSTITUTE_ATTRIBUTE = "Substituted for";

export function substituteNote(original: { title: string; sku: string }): string {
  return `${original.title} (SKU ${original.sku}), out of stock at your warehouse on the renewal day`;
}

/** What the catalogue says about a candidate (an unpublished product is sold on no site). */
export type SubstituteCandidate = { id: number; sites: readonly string[]; shippable: boolean } | null;

/** Why a candidate cannot be a subscription's substitute, or null when it can. */
export function substituteRefusal(candidate: SubstituteCandidate, sub: { site: string; variantId: number }): string | null {
  if (!candidate) return "Choose an item we sell.";
  if (!candidate.sites.includes(sub.site)) return "This item is not sold here.";
  if (!candidate.shippable) return "This item cannot be shipped on Autoship.";
  if (candidate.id === sub.variantId) return "This is already the item you receive.";
  return null;
}
