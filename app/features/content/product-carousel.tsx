import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { backgroundClass, copyClass } from "../../../rules/content/palette";
import { carouselList } from "../../../rules/consent/ga4-list-names";
import { unpackCards } from "../../../rules/catalog/page-packs/card-pack";
import { selectItemOnClick, track } from "../../lib/analytics-events";
import { usePublicConfig } from "../../lib/use-public-config";
import { ProductCard } from "../../components/catalog/product-card";
import { LoadedLater } from "../../lib/lazy-view";
import type { CarouselApi } from "./carousel-engine";
import type { CarouselData } from "./content-types";

// The product carousel of SPEC §9 (Embla). Content carousels: autoplay 5000 ms, space 12, slides per
// view 1 / 2 / 2.5 / 3 from 0 / 780 / 960 / 1200 px, loop only from 1200 px with at least 3 items.
// The default wrapper: space 16, one slide, no loop, no autoplay. Autoplay stops on hover and focus
// and never starts with prefers-reduced-motion. A view_item_list event goes to the data layer once
// the carousel is seen, a select_item when one of its cards is opened (not on the staff site).
// The markup is rendered here, on the server too; the sliding (Embla, ./carousel-engine.tsx) comes
// after hydration, outside first-load JavaScript. An arrow pressed before it arrives is kept and
// carried out once it has.

// Looks: the named classes of app/components/catalog/catalog.css (.car-…): slide widths per
// breakpoint there, the gap being the slides' left padding (Embla's recommended spacing).

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

const loadEngine = () => import("./carousel-engine").then((m) => m.CarouselEngine);
function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Reduced motion as the browser reports it; the server render assumes it (no autoplay before hydration). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => true,
  );
}

export function ProductCarousel({
  carousel,
  listName,
  variant = "content",
}: {
  carousel: CarouselData;
  /** Analytics list name: "HomePage" on home, "Cart" on the cart page (SPEC §2). */
  listName: string;
  variant?: "content" | "default";
}) {
  const { site } = usePublicConfig();
  const content = variant === "content";
  // The cards travel packed (rules/catalog/page-packs/card-pack.ts), as the listing's do.
  const packed = carousel.cards;
  const cards = useMemo(() => unpackCards(packed), [packed]);
  const count = cards.length;
  const reducedMotion = usePrefersReducedMotion();
  const autoplayOn = content && !reducedMotion;
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [api, setApi] = useState<CarouselApi | undefined>(undefined);
  const pendingMove = useRef<"prev" | "next" | null>(null);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(count > 1);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (!api) return;
    const update = () => {
      setCanPrev(api.canScrollPrev());
      setCanNext(api.canScrollNext());
    };
    update();
    if (pendingMove.current === "prev") api.scrollPrev();
    if (pendingMove.current === "next") api.scrollNext();
    pendingMove.current = null;
    api.on("select", update).on("reInit", update);
    return () => {
      api.off("select", update).off("reInit", update);
    };
  }, [api]);

  // Once, when the carousel is first on screen.
  const rootRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (site.isStaff || !rootRef.current || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      void track((b) => b.viewItemListEvent(carouselList(listName), cards), site.isStaff);
    });
    observer.observe(rootRef.current);
    return () => observer.disconnect();
  }, [site.isStaff, listName, cards]);

  const togglePause = useCallback(() => {
    const autoplay = api?.plugins().autoplay;
    if (!autoplay) return;
    if (paused) autoplay.play();
    else autoplay.stop();
    setPaused(!paused);
  }, [api, paused]);

  const headingId = `carousel-${carousel.headline.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

  return (
    <section
      ref={rootRef}
      className={`${backgroundClass(carousel.bg_color)} py-8`}
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      data-testid="product-carousel"
    >
      {/* Without its code the carousel stays a still row of cards. */}
      {viewport ? <LoadedLater load={loadEngine} viewport={viewport} content={content} count={count} autoplay={autoplayOn} onApi={setApi} /> : null}
      <div className="mx-auto max-w-7xl px-4">
        <div className={`car-head ${copyClass(carousel.copyColor)}`}>
          <div>
            <h2 id={headingId}>{carousel.headline}</h2>
            {carousel.paragraph && <p>{carousel.paragraph}</p>}
          </div>
          <div className="car-btns">
            {/* Content carousels keep the pause button's place while there is none (the server does not
                know the shopper's motion setting; with reduced motion nothing plays): the arrows never move. */}
            {autoplayOn ? (
              <button type="button" onClick={togglePause} aria-label={paused ? "Start automatic slide show" : "Pause automatic slide show"}>
                <span aria-hidden="true">{paused ? "▶" : "❚❚"}</span>
              </button>
            ) : content ? (
              <span className="car-slot" aria-hidden="true" />
            ) : null}
            <button type="button" onClick={() => (api ? api.scrollPrev() : (pendingMove.current = "prev"))} disabled={!canPrev} aria-label="Previous slide">
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" onClick={() => (api ? api.scrollNext() : (pendingMove.current = "next"))} disabled={!canNext} aria-label="Next slide">
              <span aria-hidden="true">›</span>
            </button>
          </div>
        </div>
        <div className="mt-4 overflow-hidden" ref={setViewport}>
          {/* Slides are groups (the APG carousel pattern), so the track is a plain container, not a list. */}
          {/* Clicks on the cards' links bubble here (select_item); the track itself is not interactive. */}
          <div
            className={content ? "car-track" : "car-track-1"}
            aria-live={autoplayOn && !paused ? "off" : "polite"}
            onClick={selectItemOnClick(carouselList(listName), cards, 0, site.isStaff)}
          >
            {cards.map((card, i) => (
              <div key={card.key} role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${count}`}>
                <ProductCard card={card} />
              </div>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}

export default ProductCarousel;
