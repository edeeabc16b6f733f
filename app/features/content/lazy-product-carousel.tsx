import { lazyView } from "../../lib/lazy-view";
import { CAROUSEL_SPACE_CLASS } from "./carousel-space";

// The product carousel (./product-carousel.tsx) for pages that show it below their own content: the
// server renders it at once, the browser hydrates it when its code arrives, fetched after the page's
// (its cards are plain links meanwhile). Render it inside a Suspense boundary.
const Carousel = lazyView(() => import("./product-carousel").then((m) => m.ProductCarousel));

export const LazyProductCarousel = Carousel.View;

/** The carousel's Suspense fallback: its height, kept empty until it arrives. */
export function ProductCarouselSpace() {
  return <div aria-hidden="true" className={CAROUSEL_SPACE_CLASS} data-testid="carousel-space" />;
}
