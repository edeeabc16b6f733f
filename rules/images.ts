// Image sizes of SPEC §9: widths per breakpoint, densities 1 and 2, webp.

export const IMAGE_WIDTHS = [320, 640, 768, 1024, 1280, 1536] as const;
export const IMAGE_DENSITIES = [1, 2] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** URL of an optimised image behind the /_img proxy. */
export function imageUrl(source: string, width: ImageWidth, density: 1 | 2 = 1): string {
  const q = density === 1 ? `w=${width}` : `w=${width}&dpr=${density}`;
  return `/_img/${source.replace(/^\/+/, "")}?${q}`;
}

/** srcset with every width (or the given ones) at density 1; the browser picks by layout width × device density. */
export function imageSrcSet(source: string, widths: readonly ImageWidth[] = IMAGE_WIDTHS): string {
  return widths.map((w) => `${imageUrl(source, w)} ${w}w`).join(", ");
}

/**
 * Product cards are never shown wider than 384 CSS pixels (`sizes` of the card): up to 768 covers
 * every layout at density 2, and 24 cards do not each carry six candidates in the page.
 */
export const CARD_IMAGE_WIDTHS = [320, 640, 768] as const satisfies readonly ImageWidth[];

/**
 * A card image's URL: a packshot by its short name (/_img/p/{key}?w=…, the same image as
 * /_img/packshots/{key}.webp), any other source as imageUrl has it. Each card names its image four
 * times (src and srcset), and a listing page shows 24 cards.
 */
export function cardImageUrl(source: string, width: ImageWidth): string {
  const packshot = /^packshots\/([a-z0-9_-]+)\.webp$/.exec(source.replace(/^\/+/, ""));
  return packshot ? `/_img/p/${packshot[1]}?w=${width}` : imageUrl(source, width);
}

export function cardImageSrcSet(source: string): string {
  return CARD_IMAGE_WIDTHS.map((w) => `${cardImageUrl(source, w)} ${w}w`).join(", ");
}

export function packshotSource(imageKey: string): string {
  return `packshots/${imageKey}.webp`;
}
