import { data, redirect, type AppLoadContext } from "react-router";
import { seesProgramPrices, withoutProgramPrices } from "../../../rules/staff/program-prices";
import { packCards } from "../../../rules/catalog/page-packs/card-pack";
import { productCardModel, type CardModel } from "../../../rules/catalog/product-card";
import type { PageSection } from "../../../server/modules/content";
import { dealSkusOnce } from "../../lib/deal-skus-once";
import { cardRatings, withRating } from "../../lib/card-ratings";
import { showsListing, showsProducts } from "../../lib/page-shows";
import type { CarouselData, ErrorPageContent } from "./content-types";

// Content for route loaders. Every helper here fails soft: content is never worth failing a page
// for (SPEC §8: "Carousel fetch failure — logged; carousel not shown").

type CarouselEntry = Pick<CarouselData, "headline" | "paragraph" | "bg_color" | "copyColor"> & { handles: string[] };

/** Cards for every handle, keyed by handle: four queries (products, variants, deals, ratings) however many carousels share them. */
async function cardsByHandle(context: AppLoadContext, handles: string[]): Promise<Map<string, CardModel>> {
  const { catalog } = context.services;
  const [found, deals] = await Promise.all([catalog.getProductsByHandles(handles, context.site.id), dealSkusOnce(context)]);
  const products = seesProgramPrices(context.site, context.staff) ? found : withoutProgramPrices(found);
  // A product found is purged by its own key; a handle not found now may be a product's later.
  showsProducts(context, products);
  if (found.length < new Set(handles).size) showsListing(context);
  const dealSkus = new Set(Object.keys(deals));
  const ratings = await cardRatings(
    context,
    products.map((p) => p.id),
  );
  const cards = new Map<string, CardModel>();
  for (const p of products) {
    const card = productCardModel(p, {
      site: context.site,
      dealSkus,
      freeShippingThresholdCents: context.publicConfig.freeShippingThresholdCents,
    });
    if (card) cards.set(p.handle, withRating(card, ratings.get(p.id)));
  }
  return cards;
}

/**
 * Carousels with their cards, each as its own promise (a page may defer them one by one), from one
 * batch of queries for all of them. A carousel is null when the batch failed or none of its products
 * can be shown.
 */
export function resolveCarousels(context: AppLoadContext, entries: CarouselEntry[]): Promise<CarouselData | null>[] {
  if (entries.length === 0) return [];
  const batch = cardsByHandle(
    context,
    entries.flatMap((e) => e.handles),
  ).catch((err: unknown) => {
    context.log.error({ err, carousels: entries.map((e) => e.headline) }, "carousels failed");
    return null;
  });
  return entries.map(async (entry) => {
    const byHandle = await batch;
    const cards = byHandle ? [...new Set(entry.handles)].flatMap((h) => byHandle.get(h) ?? []) : [];
    if (cards.length === 0) return null;
    return { headline: entry.headline, paragraph: entry.paragraph, bg_color: entry.bg_color, copyColor: entry.copyColor, cards: packCards(cards) };
  });
}

/** A carousel with its cards, or null when it failed or has no products to show. */
export function resolveCarousel(context: AppLoadContext, entry: CarouselEntry): Promise<CarouselData | null> {
  return resolveCarousels(context, [entry])[0];
}

export async function softly<T>(context: AppLoadContext, what: string, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (err) {
    context.log.error({ err }, `${what} failed`);
    return null;
  }
}

/** The cart page's product carousel from content (SPEC §9 list name "Cart"); null when there is none. */
export async function loadCartCarousel(context: AppLoadContext) {
  const blocks = await softly(context, "cart carousel", () => context.services.content.blocksFor("product-carousel", "cart", context.site.id));
  return blocks?.[0] ? resolveCarousel(context, blocks[0]) : null;
}

/** Header navigation, announcement bar, sitewide banners and footer for the shop layout. */
export async function loadLayoutContent(context: AppLoadContext) {
  const { content } = context.services;
  const site = context.site.id;
  const [navigation, announcements, banners, footer] = await Promise.all([
    softly(context, "navigation", async () => {
      const header = await content.entry("header", "main", site);
      return content.entry("navigation", header?.navigationHandle ?? "main-menu", site);
    }),
    softly(context, "announcements", async () => (await content.list("announcement", site)).map((e) => e.body)),
    softly(context, "sitewide banners", async () => (await content.list("sitewide-banner", site)).map((e) => e.body)),
    softly(context, "footer", () => content.entry("footer", "main", site)),
  ]);
  return { navigation: navigation?.items ?? null, announcements: announcements ?? [], banners: banners ?? [], footer };
}

export type LayoutContent = Awaited<ReturnType<typeof loadLayoutContent>>;

/** A page's sections with every product carousel resolved (a failed one is left out). */
export async function resolveSections(context: AppLoadContext, sections: PageSection[]) {
  const carouselSections = sections.filter((s) => s.kind === "productCarousel");
  const pending = resolveCarousels(context, carouselSections);
  const resolved = await Promise.all(
    sections.map(async (s) => {
      if (s.kind !== "productCarousel") return s;
      const carousel = await pending[carouselSections.indexOf(s)];
      return carousel ? { kind: "carousel" as const, carousel } : null;
    }),
  );
  return resolved.filter((s) => s !== null);
}

export type RenderedSection = Awaited<ReturnType<typeof resolveSections>>[number];

/** The feature section and product carousel of the content page "error" (SPEC §2). */
export async function loadErrorPageContent(context: AppLoadContext): Promise<ErrorPageContent> {
  const page = await softly(context, "error page", () => context.services.content.entry("page", "error", context.site.id));
  const feature = page?.sections.find((s) => s.kind === "feature") ?? null;
  const carouselEntry = page?.sections.find((s) => s.kind === "productCarousel");
  const carousel = carouselEntry ? await resolveCarousel(context, carouselEntry) : null;
  return { feature: feature as ErrorPageContent["feature"], carousel };
}

/**
 * Before a 404 (SPEC §2 route-rule lookup): a redirect managed as content, if the path has one;
 * otherwise throws the 404 with the error page's content for the 404 screen.
 */
export async function redirectOrNotFound(context: AppLoadContext, request: Request): Promise<never> {
  const url = new URL(request.url);
  const rule = await softly(context, "redirect lookup", () => context.services.content.redirectFor(url.pathname, context.site.id));
  // React Router sends a same-site target through the app and loads an external one as a full page.
  if (rule) throw redirect(rule.target, rule.permanent ? 301 : 302);
  throw data({ errorPage: await loadErrorPageContent(context) }, { status: 404 });
}

/** An info page (/terms-and-conditions, /faq, /shipping, /autoship) or a /:slug page, with its carousels. */
export async function loadContentPage(context: AppLoadContext, slug: string) {
  const page = await softly(context, `page ${slug}`, () => context.services.content.entry("page", slug, context.site.id));
  if (!page) return null;
  return { title: page.title, description: page.description, sections: await resolveSections(context, page.sections) };
}

export type ContentPageData = NonNullable<Awaited<ReturnType<typeof loadContentPage>>>;

/** The listing page's content block (get-plp-page-by-slug); null when none. Never rejects. */
export function loadListingBlock(context: AppLoadContext, slug: string) {
  return softly(context, "listing content", () => context.services.content.entry("plp-page", slug, context.site.id));
}

/** The product page's content block: the product's own, else the default one. Never rejects. */
export function loadProductBlock(context: AppLoadContext, handle: string) {
  return softly(context, "product content", async () => {
    const { content } = context.services;
    return (await content.entry("pdp-page", handle, context.site.id)) ?? (await content.entry("pdp-page", "default", context.site.id));
  });
}
