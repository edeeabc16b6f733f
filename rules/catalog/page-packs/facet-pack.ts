// A listing's filter panel as it travels to the browser: some ten facets and 80 options a page, in
// its serialized loader data, where every list, number and string is an entry of its own (a string's
// quotes escaped once more in the page's script). Packed, a facet is one string: its head
// "slug:Label", then its options "slug:count:Label", all joined by "|". A label that is its slug in
// words ("limited-ingredient" → "Limited Ingredient") is left out with its colon; a "|" or ":" of a
// slug or label is written percent-encoded (and a "%" that would read as such an escape). The
// listing's loader packs, the filter panel unpacks; unpack(pack(x)) is x.
//
// Kept because it pays after gzip: 1.2–1.4 KB less per listing, category and search page, against
// 0.1 KB of unpacking code (docs/decisions/0008-performance-layer-measured.md).

export type FacetOption = [slug: string, label: string, count: number];
export type PanelFacetModel = { slug: string; label: string; options: FacetOption[] };
export type PackedFacet = string;

/** The label a slug spells: its words, each capitalised. */
export function slugLabel(slug: string): string {
  return slug
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

// A "%" is escaped only where it would read as an escape: "100%" stays as it is.
const escape = (s: string) => s.replace(/%(?=25|7C|3A)|[|:]/gi, (c) => encodeURIComponent(c));
const unescape = (s: string) => s.replace(/%(25|7C|3A)/gi, (c) => decodeURIComponent(c));

/** "slug", "slug:Label" when the label is not the slug in words; "…:count" between them for an option. */
function part(slug: string, label: string, count?: number): string {
  const fields = [escape(slug), ...(count === undefined ? [] : [String(count)]), ...(label === slugLabel(slug) ? [] : [escape(label)])];
  return fields.join(":");
}

export function packFacet(facet: PanelFacetModel): PackedFacet {
  return [part(facet.slug, facet.label), ...facet.options.map(([slug, label, count]) => part(slug, label, count))].join("|");
}

export function unpackFacet(packed: PackedFacet): PanelFacetModel {
  const [head, ...options] = packed.split("|");
  const [slug, label] = head!.split(":").map(unescape);
  return {
    slug: slug!,
    label: label ?? slugLabel(slug!),
    options: options.map((o) => {
      const [optionSlug, count, optionLabel] = o.split(":");
      const s = unescape(optionSlug!);
      return [s, optionLabel === undefined ? slugLabel(s) : unescape(optionLabel), Number(count)];
    }),
  };
}
