import type { PackedCard } from "../../../rules/catalog/page-packs/card-pack";
import type { ContentColor } from "../../../rules/content/palette";
import type { ContentBody, ContentImage, ContentLink, PageSection } from "../../../server/modules/content";

// Shapes of content the pages render (types only: nothing of the server reaches the browser).

export type { ContentImage, ContentLink, PageSection };
export type NavigationContent = ContentBody<"navigation">;
export type FooterContent = ContentBody<"footer">;
export type AnnouncementContent = ContentBody<"announcement">;
export type BannerContent = ContentBody<"sitewide-banner">;
export type HighlightContent = ContentBody<"highlight-content-block">;
export type TwoColumnContent = ContentBody<"two-column-section">;
export type PromotionContent = ContentBody<"promotion-banner">;
export type ContentBlockContent = ContentBody<"plp-page">;

/** A product carousel ready to render: the content entry with its products as cards. */
export type CarouselData = {
  headline: string;
  paragraph: string;
  bg_color: ContentColor;
  copyColor: ContentColor;
  /** Packed (rules/catalog/page-packs/card-pack.ts): the carousel unpacks them. */
  cards: PackedCard[];
};

/** What the 404 page shows from the content page "error" (SPEC §2). */
export type ErrorPageContent = {
  feature: Extract<PageSection, { kind: "feature" }> | null;
  carousel: CarouselData | null;
};
