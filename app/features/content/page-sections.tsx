import type { RenderedSection } from "./content-loader.server";
import { RichText } from "./content-parts";
import { ProductCarousel } from "./product-carousel";
import { FaqSection, FeatureSection, HeroSection } from "./sections";

/** The sections of a content page (a /:slug page or an info page), carousels included. */
export function PageSections({ sections, listName }: { sections: RenderedSection[]; listName: string }) {
  return (
    <>
      {sections.map((s, i) => {
        switch (s.kind) {
          case "hero":
            return <HeroSection key={i} hero={s} headingLevel={2} />;
          case "feature":
            return <FeatureSection key={i} feature={s} />;
          case "richText":
            return (
              <div key={i} className="mx-auto max-w-4xl px-4" data-testid="content-rich-text">
                <RichText html={s.bodyHtml} />
              </div>
            );
          case "faq":
            return (
              <div key={i} className="mx-auto max-w-4xl px-4">
                <FaqSection faq={s} />
              </div>
            );
          case "carousel":
            return <ProductCarousel key={i} carousel={s.carousel} listName={listName} />;
        }
      })}
    </>
  );
}
