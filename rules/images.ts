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

export function packshotSource(imageKey: string): string {
  return `packshots/${imageKey}.webp`;
}
