import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";
import { useEffect, useMemo } from "react";
import { carouselLoops, CONTENT_CAROUSEL, DEFAULT_CAROUSEL } from "../../../rules/content/carousel";

export type CarouselApi = NonNullable<ReturnType<typeof useEmblaCarousel>[1]>;

/**
 * The sliding of a product carousel (Embla and its autoplay), loaded after hydration by
 * ./product-carousel.tsx: the carousel's markup is the page's, so first-load JavaScript carries
 * neither library. Renders nothing; it drives the viewport it is given and hands back the API.
 */
export function CarouselEngine({
  viewport,
  content,
  count,
  autoplay,
  onApi,
}: {
  viewport: HTMLElement;
  content: boolean;
  count: number;
  autoplay: boolean;
  onApi: (api: CarouselApi | undefined) => void;
}) {
  const plugins = useMemo(
    () => (autoplay ? [Autoplay({ delay: CONTENT_CAROUSEL.autoplayMs, stopOnInteraction: false, stopOnMouseEnter: true, stopOnFocusIn: true })] : []),
    [autoplay],
  );
  const [viewportRef, api] = useEmblaCarousel(
    {
      align: "start",
      containScroll: "trimSnaps",
      loop: DEFAULT_CAROUSEL.loop,
      breakpoints: content ? { [`(min-width: ${CONTENT_CAROUSEL.loopFromWidth}px)`]: { loop: carouselLoops(CONTENT_CAROUSEL.loopFromWidth, count) } } : {},
    },
    plugins,
  );
  useEffect(() => viewportRef(viewport), [viewportRef, viewport]);
  useEffect(() => {
    onApi(api);
    return () => onApi(undefined);
  }, [api, onApi]);
  return null;
}
