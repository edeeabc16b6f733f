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

/**
 * A listing card's image at densities 1 and 2 (SPEC §9): the 320 one is the `src` (the 1x candidate
 * of an img), this the srcset, with no `sizes`. The listing grid shows a card image at most 320 CSS
 * pixels wide but for two columns on viewports of 720 to 959 pixels (up to 430); a screen of density
 * 2 is then served 640, one of density 1 a 320 slightly enlarged. One candidate, not three plus
 * `sizes`: 24 cards a page. An eager image names its 1x candidate too: the server preloads it from
 * its srcset alone (React's preload link has no href then), which would otherwise fetch the 640 on
 * a screen of density 1 and the img the 320 again.
 */
export function cardImageDensitySrcSet(source: string, preloaded = false): string {
  const two = `${cardImageUrl(source, 640)} 2x`;
  return preloaded ? `${cardImageUrl(source, 320)} 1x, ${two}` : two;
}

export function packshotSource(imageKey: string): string {
  return `packshots/${imageKey}.webp`;
}
