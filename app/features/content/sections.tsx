import { backgroundClass, copyClass, isDarkBackground } from "../../../rules/content/palette";
import { ContentAnchor, ContentButtons, ContentPicture, RichText } from "./content-parts";
import type { HighlightContent, PageSection, PromotionContent, TwoColumnContent } from "./content-types";

// The content sections pages are built from (home, /:slug, info pages, the 404 page).

type Hero = Extract<PageSection, { kind: "hero" }>;
type Feature = Extract<PageSection, { kind: "feature" }>;
type Faq = Extract<PageSection, { kind: "faq" }>;

export function HeroSection({ hero, headingLevel = 1 }: { hero: Hero; headingLevel?: 1 | 2 }) {
  const dark = isDarkBackground(hero.bg_color);
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section className={backgroundClass(hero.bg_color)} data-testid="content-hero">
      <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-10 md:grid-cols-2 md:py-14">
        <div className={copyClass(hero.copyColor)}>
          <Heading className="text-3xl font-bold md:text-5xl">{hero.heading}</Heading>
          <RichText html={hero.bodyHtml} className="mt-2 text-lg" />
          <ContentButtons buttons={hero.buttons} dark={dark} />
        </div>
        {hero.image && <ContentPicture image={hero.image} sizes="(min-width: 768px) 50vw, 100vw" eager />}
      </div>
    </section>
  );
}

export function FeatureSection({ feature }: { feature: Feature }) {
  return (
    <section className="mx-auto grid max-w-5xl items-center gap-8 px-4 py-8 md:grid-cols-2" data-testid="content-feature">
      {feature.image && <ContentPicture image={feature.image} sizes="(min-width: 768px) 480px, 100vw" />}
      <div>
        <h2 className="text-2xl font-bold text-secondary">{feature.heading}</h2>
        <RichText html={feature.bodyHtml} />
        <ContentButtons buttons={feature.buttons} />
      </div>
    </section>
  );
}

export function FaqSection({ faq }: { faq: Faq }) {
  return (
    <section className="mt-6" data-testid="content-faq">
      {faq.heading && <h2 className="mb-3 text-xl font-bold text-secondary">{faq.heading}</h2>}
      <div className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
        {faq.items.map((item) => (
          <details key={item.question} className="group px-4 py-3">
            <summary className="cursor-pointer list-none font-semibold text-secondary marker:hidden">
              <span aria-hidden="true" className="mr-2 inline-block transition group-open:rotate-90">
                ›
              </span>
              {item.question}
            </summary>
            <RichText html={item.answerHtml} className="pl-5" />
          </details>
        ))}
      </div>
    </section>
  );
}

export function HighlightBlock({ block }: { block: HighlightContent }) {
  const dark = isDarkBackground(block.bg_color);
  return (
    <section className={`${backgroundClass(block.bg_color)} py-10`} data-testid="highlight-block">
      <div className={`mx-auto flex max-w-5xl flex-col items-center gap-6 px-4 text-center md:flex-row md:text-left ${copyClass(block.copyColor)}`}>
        {block.image && (
          <div className="w-48 shrink-0">
            <ContentPicture image={block.image} sizes="192px" />
          </div>
        )}
        <div>
          <h2 className="text-2xl font-bold md:text-3xl">{block.heading}</h2>
          <RichText html={block.bodyHtml} />
          <ContentButtons buttons={block.buttons} dark={dark} />
        </div>
      </div>
    </section>
  );
}

export function TwoColumnSection({ section }: { section: TwoColumnContent }) {
  const dark = isDarkBackground(section.bg_color);
  return (
    <section className={`${backgroundClass(section.bg_color)} py-10`} data-testid="two-column-section">
      <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 md:grid-cols-2">
        <div className={section.imageSide === "right" ? "md:order-2" : ""}>
          <ContentPicture image={section.image} sizes="(min-width: 768px) 50vw, 100vw" />
        </div>
        <div className={copyClass(section.copyColor)}>
          <h2 className="text-2xl font-bold md:text-3xl">{section.heading}</h2>
          <RichText html={section.bodyHtml} className="text-lg" />
          <ContentButtons buttons={section.buttons} dark={dark} />
        </div>
      </div>
    </section>
  );
}

export function PromotionBanners({ banners }: { banners: PromotionContent[] }) {
  if (banners.length === 0) return null;
  return (
    <section aria-label="Promotions" className="mx-auto grid max-w-7xl gap-4 px-4 py-8 md:grid-cols-2" data-testid="promotion-banners">
      {banners.map((b) => (
        <div key={b.heading} className={`flex items-center gap-4 overflow-hidden rounded-lg p-6 ${backgroundClass(b.bg_color)} ${copyClass(b.copyColor)}`}>
          <div className="flex-1">
            <h2 className="text-xl font-bold">{b.heading}</h2>
            <RichText html={b.bodyHtml} className="text-sm opacity-90" />
            <ContentAnchor link={b.link} className="mt-3 inline-block font-semibold underline hover:no-underline" />
          </div>
          {b.image && (
            <div className="hidden w-32 shrink-0 sm:block">
              <ContentPicture image={b.image} sizes="128px" />
            </div>
          )}
        </div>
      ))}
    </section>
  );
}
