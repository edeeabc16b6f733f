import { Suspense } from "react";
import { Await, Link } from "react-router";
import { CAROUSEL_LIST_NAMES } from "../../rules/content/carousel";
import { resolveCarousels, softly } from "../features/content/content-loader.server";
import type { CarouselData, HighlightContent, PageSection, PromotionContent, TwoColumnContent } from "../features/content/content-types";
import { ProductCarousel } from "../features/content/product-carousel";
import { HeroSection, HighlightBlock, PromotionBanners, TwoColumnSection } from "../features/content/sections";
import { titleMeta } from "../lib/meta";
import { usePublicConfig } from "../lib/use-public-config";
import type { Route } from "./+types/home";

export const meta = titleMeta("home", "Dog and cat food delivered, with Autoship savings.");

type Block =
  | { kind: "highlight"; order: number; block: HighlightContent }
  | { kind: "two-column"; order: number; section: TwoColumnContent }
  | { kind: "promotions"; order: number; banners: PromotionContent[] }
  | { kind: "carousel"; order: number; carousel: Promise<CarouselData | null> };

/**
 * The home page from content: the hero of the page "home", then the home page's highlight blocks,
 * two-column sections, promotion banners and product carousels in their "order". The hero and blocks
 * are awaited (cached content); carousels are deferred and a failed one is simply left out.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { content } = context.services;
  const site = context.site.id;
  const none = <T,>(v: T[] | null) => v ?? [];
  const [page, highlights, twoColumns, promotions, carousels] = await Promise.all([
    softly(context, "home page", () => content.entry("page", "home", site)),
    softly(context, "highlight blocks", () => content.blocksFor("highlight-content-block", "home", site)),
    softly(context, "two-column sections", () => content.blocksFor("two-column-section", "home", site)),
    softly(context, "promotion banners", () => content.blocksFor("promotion-banner", "home", site)),
    softly(context, "product carousels", () => content.blocksFor("product-carousel", "home", site)),
  ]);
  const carouselData = resolveCarousels(context, none(carousels));
  const blocks: Block[] = [
    ...none(highlights).map((block) => ({ kind: "highlight" as const, order: block.order, block })),
    ...none(twoColumns).map((section) => ({ kind: "two-column" as const, order: section.order, section })),
    ...(none(promotions).length ? [{ kind: "promotions" as const, order: none(promotions)[0].order, banners: none(promotions) }] : []),
    ...none(carousels).map((c, i) => ({ kind: "carousel" as const, order: c.order, carousel: carouselData[i] })),
  ].sort((a, b) => a.order - b.order);
  const hero = (page?.sections.find((s) => s.kind === "hero") ?? null) as Extract<PageSection, { kind: "hero" }> | null;
  return { hero, blocks };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { site } = usePublicConfig();
  return (
    <main id="main">
      {loaderData.hero ? (
        <HeroSection hero={loaderData.hero} />
      ) : (
        <section className="bg-mist">
          <div className="mx-auto max-w-7xl px-4 py-14">
            <h1 className="text-3xl font-bold text-secondary md:text-5xl">{site.title}</h1>
            <Link to="/products" className="mt-6 inline-block rounded bg-primary px-6 py-3 font-semibold text-white hover:bg-secondary">
              Shop All Pet Food
            </Link>
          </div>
        </section>
      )}
      {loaderData.blocks.map((b, i) => {
        switch (b.kind) {
          case "highlight":
            return <HighlightBlock key={i} block={b.block} />;
          case "two-column":
            return <TwoColumnSection key={i} section={b.section} />;
          case "promotions":
            return <PromotionBanners key={i} banners={b.banners} />;
          case "carousel":
            return (
              <Suspense key={i} fallback={<div className="h-96" aria-hidden="true" />}>
                <Await resolve={b.carousel} errorElement={null}>
                  {(carousel) => (carousel ? <ProductCarousel carousel={carousel} listName={CAROUSEL_LIST_NAMES.home} /> : null)}
                </Await>
              </Suspense>
            );
        }
      })}
    </main>
  );
}
