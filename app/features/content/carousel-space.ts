// The height a product carousel takes (product-carousel.tsx: heading, one card per slide, its
// padding), kept for it while it streams in after the rest of the page, so the footer below does not
// jump when it arrives. A card's picture is as wide as its slide, so on a phone (one slide in view)
// the height grows with the window's width; from 780 px on it is about constant. Measured on the
// seed catalogue's cards; tests/e2e/cart-layout.spec.ts holds it to the rendered carousel.
export const CAROUSEL_SPACE_CLASS = "min-h-[calc(77vw+420px)] min-[780px]:min-h-[710px] min-[1200px]:min-h-[740px]";
