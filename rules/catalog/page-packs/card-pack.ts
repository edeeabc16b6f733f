import { cardBadge, type BadgeName, type CardModel } from "../product-card";
import { optionSlug } from "../variant-preselect";

// A listing page's 24 cards travel in the page's serialized loader data, where every field of an
// object costs a key reference of its own, and every list, number and string an entry (a string's
// quotes escaped once more in the page's script). Packed, a card is one string: its values in a fixed
// order joined by "|", the absent ones empty, and the SKU, which the key and the link repeat, written
// once. The link's path "{brand}/{handle}/{flavour}/{size}" mostly spells the brand, title and variant
// again: each of its segments that is the slug of those is left empty. A value the card before has in
// the same place (its brand, the promotions, …) is written "^". A "|" or "^" of a value is written
// percent-encoded (and a "%" that would read as such an escape). The listing's and carousels' loaders
// pack a list, their views unpack it; unpack(pack(cards)) is the cards.
//
// Kept because it pays after gzip: 1.1–1.4 KB less per listing, category and search page, against
// 0.5 KB of unpacking code loaded once (docs/decisions/0008-performance-layer-measured.md).

/** A card's values, in this order: key (less its ":{sku}"; one of another form whole, after a "!"),
 * SKU, href (less its "/products/" and "?sku={sku}", its path segments empty where linkSegments() has
 * them; one of another form whole, after a "!"), title, brand, description, image source (less its
 * "packshots/" and ".webp"; one of another form whole, after a "!"), variant id, variant label, in
 * stock ("1" or empty), price cents, compare-at cents, free shipping text, autoship text, rating
 * ("{average},{count}"), badges by name (comma-separated; their label and tone are the name's), and
 * the rarely present rest (imageAlt, priceLabel) as JSON. */
export type PackedCard = string;

const WHOLE = "!";

/** `value` less `head` and `tail`, or the whole of it after a "!" when it is not of that form. */
function shorten(value: string, head: string, tail: string): string {
  const middle = value.startsWith(head) && value.endsWith(tail) ? value.slice(head.length, value.length - tail.length) : null;
  return middle !== null && !middle.startsWith(WHOLE) ? middle : WHOLE + value;
}

const lengthen = (packed: string, head: string, tail: string) => (packed.startsWith(WHOLE) ? packed.slice(1) : head + packed + tail);

const hrefTail = (sku: string) => `?sku=${encodeURIComponent(sku)}`;

/** The link path's segments as the brand, title and variant label would spell them (catalog variantUrl). */
function linkSegments(card: Pick<CardModel, "brand" | "title" | "variantLabel">): string[] {
  const cut = card.variantLabel.lastIndexOf(", ");
  const [flavor, size] = cut < 0 ? ["", card.variantLabel] : [card.variantLabel.slice(0, cut), card.variantLabel.slice(cut + 2)];
  return [card.brand, card.title, flavor, size].map(optionSlug);
}

/** A shortened link path with the segments linkSegments() spells left empty; the whole link when it is not four segments. */
function packPath(path: string, card: CardModel): string {
  const segments = path.split("/");
  if (path.startsWith(WHOLE) || segments.length !== 4 || segments.includes("")) return WHOLE + card.href;
  const spelled = linkSegments(card);
  return segments.map((s, i) => (s === spelled[i] ? "" : s)).join("/");
}

function unpackPath(packed: string, card: Pick<CardModel, "brand" | "title" | "variantLabel">): string {
  const spelled = linkSegments(card);
  return packed
    .split("/")
    .map((s, i) => s || spelled[i])
    .join("/");
}

function packHref(card: CardModel): string {
  const path = shorten(card.href, "/products/", hrefTail(card.sku));
  return path.startsWith(WHOLE) ? path : packPath(path, card);
}

const FIELD_SEPARATOR = "|";
/** "As the card before". */
const DITTO = "^";
// A "%" is escaped only where it would read as an escape: "5%" stays as it is.
const escapeValue = (v: string) => v.replace(/%(?=25|7C|5E)|[|^]/gi, (c) => encodeURIComponent(c));
const unescapeValue = (v: string) => v.replace(/%(25|7C|5E)/gi, (c) => decodeURIComponent(c));

function cardValues(card: CardModel): string[] {
  const { imageAlt, priceLabel } = card;
  const rest = { ...(imageAlt !== undefined ? { imageAlt } : {}), ...(priceLabel ? { priceLabel } : {}) };
  return [
    shorten(card.key, "", `:${card.sku}`),
    card.sku,
    packHref(card),
    card.title,
    card.brand,
    card.description,
    shorten(card.imageSource, "packshots/", ".webp"),
    card.variantId,
    card.variantLabel,
    card.inStock ? "1" : "",
    String(card.priceCents),
    card.compareAtCents != null ? String(card.compareAtCents) : "",
    card.freeShipping ?? "",
    card.autoship ?? "",
    card.rating ? `${card.rating.average},${card.rating.count}` : "",
    card.badges?.map((b) => b.name).join(",") ?? "",
    Object.keys(rest).length > 0 ? JSON.stringify(rest) : "",
  ];
}

export function packCards(cards: readonly CardModel[]): PackedCard[] {
  let before: string[] = [];
  return cards.map((card) => {
    const values = cardValues(card);
    const packed = values.map((v, i) => (v.length > 1 && v === before[i] ? DITTO : escapeValue(v))).join(FIELD_SEPARATOR);
    before = values;
    return packed;
  });
}

export function unpackCards(packed: readonly PackedCard[]): CardModel[] {
  let before: string[] = [];
  return packed.map((p) => {
    const values = p.split(FIELD_SEPARATOR).map((v, i) => (v === DITTO ? before[i]! : unescapeValue(v)));
    before = values;
    const [
      key,
      sku,
      href,
      title,
      brand,
      description,
      imageSource,
      variantId,
      variantLabel,
      inStock,
      priceCents,
      compareAtCents,
      freeShipping,
      autoship,
      rating,
      badges,
      rest,
    ] = values as [string, ...string[]];
    const [average, count] = rating ? rating.split(",").map(Number) : [];
    return {
      key: lengthen(key, "", `:${sku}`),
      sku: sku!,
      href: href!.startsWith(WHOLE)
        ? href!.slice(1)
        : `/products/${unpackPath(href!, { brand: brand!, title: title!, variantLabel: variantLabel! })}${hrefTail(sku!)}`,
      title: title!,
      brand: brand!,
      description: description!,
      imageSource: lengthen(imageSource!, "packshots/", ".webp"),
      variantId: variantId!,
      variantLabel: variantLabel!,
      inStock: inStock === "1",
      priceCents: Number(priceCents),
      ...(compareAtCents ? { compareAtCents: Number(compareAtCents) } : {}),
      ...(freeShipping ? { freeShipping } : {}),
      ...(autoship ? { autoship } : {}),
      ...(rating ? { rating: { average: average!, count: count! } } : {}),
      ...(badges ? { badges: badges.split(",").map((name) => cardBadge(name as BadgeName)) } : {}),
      ...(rest ? (JSON.parse(rest) as Pick<CardModel, "imageAlt" | "priceLabel">) : {}),
    };
  });
}
