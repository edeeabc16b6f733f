// Carousel settings of SPEC §9.

/** Content carousels: autoplay 5000 ms, space 12, slides per view 1 / 2 / 2.5 / 3 from 0 / 780 / 960 / 1200 px. */
export const CONTENT_CAROUSEL = {
  autoplayMs: 5000,
  spaceBetween: 12,
  breakpoints: [
    { minWidth: 0, slidesPerView: 1 },
    { minWidth: 780, slidesPerView: 2 },
    { minWidth: 960, slidesPerView: 2.5 },
    { minWidth: 1200, slidesPerView: 3 },
  ],
  /** "Loop on (wide screens only with at least 3 items)". */
  loopFromWidth: 1200,
  loopMinItems: 3,
} as const;

/** The default wrapper: space 16, one slide, no loop, no autoplay. */
export const DEFAULT_CAROUSEL = { spaceBetween: 16, slidesPerView: 1, loop: false, autoplay: false } as const;

/** Carousel analytics names of SPEC §2 ("Cart page and home are named Cart and HomePage"). */
export const CAROUSEL_LIST_NAMES = { cart: "Cart", home: "HomePage" } as const;

export function slidesPerView(width: number): number {
  let n = 1;
  for (const bp of CONTENT_CAROUSEL.breakpoints) if (width >= bp.minWidth) n = bp.slidesPerView;
  return n;
}

export function carouselLoops(width: number, items: number): boolean {
  return width >= CONTENT_CAROUSEL.loopFromWidth && items >= CONTENT_CAROUSEL.loopMinItems && items > slidesPerView(width);
}

/** CSS width of one slide so that `perView` slides and their gaps fill the track. */
export function slideBasis(perView: number, gapPx: number): string {
  if (perView <= 1) return "100%";
  return `calc((100% - ${(Math.ceil(perView) - 1) * gapPx}px) / ${perView})`;
}
