// A listing's filter options as they travel to the browser: some 80 a page, in its serialized loader
// data. Most labels are their slug in words ("limited-ingredient" → "Limited Ingredient"); those are
// left out, so an option is [slug, count], or [slug, count, label] when the label says otherwise.
// The listing's loader packs, the filter panel unpacks; unpack(pack(x)) is x.

export type FacetOption = [slug: string, label: string, count: number];
export type PackedFacetOption = [slug: string, count: number] | [slug: string, count: number, label: string];

/** The label a slug spells: its words, each capitalised. */
export function slugLabel(slug: string): string {
  return slug
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

export function packFacetOption([slug, label, count]: FacetOption): PackedFacetOption {
  return label === slugLabel(slug) ? [slug, count] : [slug, count, label];
}

export function unpackFacetOption([slug, count, label]: PackedFacetOption): FacetOption {
  return [slug, label ?? slugLabel(slug), count];
}
