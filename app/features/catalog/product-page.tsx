import { Suspense, useEffect, useId, useState } from "react";
import { Form, Link, useLocation, useNavigation, type AppLoadContext } from "react-router";
import { usePublicConfig } from "../../lib/use-public-config";
import { deliveryDayText, deliveryPromise, estimateDeliveryDay } from "../../../rules/checkout/delivery-estimate";
import { shownLocation, userLocationFromCookies } from "../../../rules/shared/shopper-location";
import { cardPrice, cardPromotions } from "../../../rules/catalog/product-card";
import { quantityBounds, quantityOnBlur } from "../../../rules/cart/quantity-input";
import { ADD_ONE_TIME } from "../../../rules/autoship/one-time-intents";
import { stateForZip } from "../../../rules/shared/us-states";
import { preselectVariant } from "../../../rules/catalog/variant-preselect";
import { seesProgramPrices, withoutProgramPrices } from "../../../rules/staff/program-prices";
import { DEFAULT_AUTOSHIP_FREQUENCY_WEEKS } from "../../../rules/autoship/offer-and-frequency";
import type { Product, Variant } from "../../../server/modules/catalog";
import { DeliveryEstimate, type DeliveryInfo } from "./delivery-estimate";
import { ProductBadges } from "../../components/catalog/product-badges";
import { Breadcrumbs } from "./breadcrumbs";
import { ProductGallery } from "./product-gallery";
import { canonicalProductUrl } from "./product-seo";
import { PurchaseOptions, type Purchase } from "./purchase-options";
import { FeedingDisclosure } from "./feeding-disclosure";
import { QuantityControl } from "../../components/quantity-control";
import { FlavorPicker, SizePicker } from "./variant-picker";
import { AddToCartButton, AddToCartErrors, AddToCartFeedback, useAddToCartFetcher } from "../../components/cart/add-to-cart";
import { formatUsd } from "../../../rules/shared/money";
import { DonationSlot } from "../../components/donations/donation-slot";
import { track } from "../../lib/analytics-events";
import { shownRating } from "../../../rules/reviews/rating-display";
import type { ProductReviewsData } from "./product-reviews";
import { RatingLine } from "./rating-line";
import { LoadedLater, lazyView } from "../../lib/lazy-view";
import { showsProducts } from "../../lib/page-shows";

// The product detail screen (SPEC §2), shared by /products/{handle}, /products/{brand}/{handle}/{flavor}/{size}
// and /products/dropshipping/{handle}. Returns null when no product has the handle on this site (the
// route answers 404).

export type ProductPathParts = { handle: string; brand: string | null; flavor: string | null; size: string | null };

export async function loadProductPage(context: AppLoadContext, request: Request, path: ProductPathParts) {
  const url = new URL(request.url);
  const catalog = context.services.catalog;
  // A staff member shipping to the clinic sees stock and delivery for the clinic's ZIP (where checkout reserves).
  const location = shownLocation(userLocationFromCookies(request.headers.get("cookie")), await context.staffShipsTo?.());
  const [warehouse, servedRanges] = await Promise.all([catalog.warehouseForZip(location.zip), catalog.servedZipRanges()]);
  const found = await catalog.getProductDetail(path.handle, context.site.id, warehouse?.code ?? null);
  if (!found) return null;
  showsProducts(context, [found]);
  const [product] = seesProgramPrices(context.site, context.staff) ? [found] : withoutProgramPrices([found]);

  const selected = preselectVariant(product.variants, {
    sku: url.searchParams.get("sku"),
    flavor: path.flavor,
    size: path.size,
    search: url.searchParams.get("search"),
  })!;

  // SPEC §6 Hawaii rule; a guest's profile state is the state of their ZIP.
  const { features } = context.publicConfig;
  const estimate = warehouse ? { dateText: deliveryDayText(estimateDeliveryDay(new Date(), warehouse.transitDays)), location: location.zip } : null;
  const delivery: DeliveryInfo = {
    zip: location.zip,
    destination: location.destination,
    warehouse: warehouse && { code: warehouse.code, city: warehouse.city, state: warehouse.state },
    text: deliveryPromise(estimate, { state: stateForZip(location.zip), hawaiiShippingFlag: features.hawaiiShipping }),
    servedRanges,
    bypass: features.zipCheckBypass,
  };

  return {
    product,
    selectedSku: selected.sku,
    delivery,
    isStaff: context.site.isStaff,
    origin: url.origin,
    canonicalUrl: canonicalProductUrl(url.origin, product.handle),
    reviews: await productReviews(context, product),
  };
}

/** The reviews section's data: the shop only (SPEC §6, the staff site shows no ratings). */
async function productReviews(context: AppLoadContext, product: Product): Promise<ProductReviewsData | null> {
  if (context.site.isStaff) return null;
  // A rating is never worth failing the page for: without it the page shows none.
  const summary = await context.services.reviews.summary(Number(product.id)).catch((err: unknown) => {
    context.log.error({ err, product: product.id }, "review summary failed");
    return null;
  });
  return { productId: product.id, scriptUrl: context.config.reviewsScriptUrl, rating: shownRating(summary, context.site) };
}

export type ProductPageData = NonNullable<Awaited<ReturnType<typeof loadProductPage>>>;

// The reviews section, below the fold: rendered by the server at once, hydrated when its code arrives
// (fetched after the page's), which then enters the review widget through the consent registry.
const ProductReviews = lazyView(() => import("./product-reviews").then((m) => m.ProductReviews));

// The product route fetches this screen on demand; its meta lives apart so the route need not load it.
export { productMeta } from "./catalog-meta";

function selectedOf(data: ProductPageData): Variant {
  return data.product.variants.find((v) => v.sku === data.selectedSku) ?? data.product.variants[0];
}

const LIFESTAGE_LABELS: Record<string, string> = {
  puppy: "Puppy",
  "adult-dog": "Adult",
  "senior-dog": "Senior",
  kitten: "Kitten",
  "adult-cat": "Adult",
  "senior-cat": "Senior",
};

const words = (slug: string) => slug.replace(/-/g, " ").replace(/^\w/, (c) => c.toUpperCase());

function ProductFacts({ product }: { product: Product }) {
  const facts: [string, string][] = [
    ["Brand", product.productBrand],
    ["For", product.productSpecies === "dog" ? "Dogs" : "Cats"],
    [
      "Life stage",
      [
        ...new Set(
          product.productPetAge
            .split(",")
            .filter(Boolean)
            .map((l) => LIFESTAGE_LABELS[l] ?? words(l)),
        ),
      ].join(", "),
    ],
    ["Food form", product.productFoodForm.split(",").join(", ")],
  ];
  if (product.breedSizes.length) facts.push(["Breed size", product.breedSizes.map(words).join(", ")]);
  if (product.healthConditions.length) facts.push(["Health", product.healthConditions.map(words).join(", ")]);
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PriceBlock({ variant, isStaff }: { variant: Variant; isStaff: boolean }) {
  const { priceCents, compareAtCents } = cardPrice(variant, { isStaff });
  return (
    <p className="flex flex-wrap items-baseline gap-x-3" data-testid="product-price">
      {isStaff && variant.programPrice && <span className="text-sm font-semibold text-gray-700">Program price</span>}
      <span className="text-3xl font-bold text-secondary" data-testid="price">
        {formatUsd(priceCents)}
      </span>
      {compareAtCents !== null && (
        <s className="text-lg text-gray-600" data-testid="compare-at-price">
          <span className="sr-only">Compare at </span>
          {formatUsd(compareAtCents)}
        </s>
      )}
    </p>
  );
}

// "Notify me when it's back", on an out-of-stock variant only: rendered by the server at once (a plain
// form before its code arrives), its code fetched only by the pages that show it.
const NotifyMe = lazyView(() => import("../../components/marketing/notify-me").then((m) => m.NotifyMe));

// The phone's sticky add-to-cart bar: shown only after a scroll, so its code comes after the page's.
const loadStickyAddBar = () => import("./sticky-add-bar").then((m) => m.StickyAddBar);

function AddToCartForm({ variant, isStaff, product }: { variant: Variant; isStaff: boolean; product: Product }) {
  const formId = useId();
  const buttonRowId = useId();
  const [purchase, setPurchase] = useState<Purchase>("one-time");
  const [frequencyWeeks, setFrequencyWeeks] = useState(DEFAULT_AUTOSHIP_FREQUENCY_WEEKS);
  const [quantity, setQuantity] = useState("1");
  // The feeding calculator's pet ("dog|15|lb|adult|normal"): sent with an Autoship add for its subscription.
  const [pet, setPet] = useState("");
  const autoship = purchase === "autoship";
  const bounds = quantityBounds(autoship);
  // The price the cart will charge: the program price for an eligible staff member (as PriceBlock shows).
  const { priceCents } = cardPrice(variant, { isStaff });
  const fetcher = useAddToCartFetcher();

  const choosePurchase = (p: Purchase) => {
    setPurchase(p);
    // Autoship lines stop at 5 (SPEC §5): an ordinary quantity above that is brought down.
    setQuantity(String(quantityOnBlur(quantity, quantityBounds(p === "autoship"))));
  };
  // A frequency is an Autoship choice: choosing one chooses Autoship.
  const chooseFrequency = (weeks: number) => {
    setFrequencyWeeks(weeks);
    if (purchase !== "autoship") choosePurchase("autoship");
  };

  return (
    // The cart's one action (POST /cart, intent=add). A fetcher form once JavaScript runs; before
    // that a plain form whose post lands on the cart page.
    <>
      <fetcher.Form
        id={formId}
        method="post"
        action="/cart"
        className="space-y-4"
        data-testid="add-to-cart-form"
        onSubmit={(e) => {
          if (fetcher.state !== "idle") e.preventDefault();
          else setQuantity(String(quantityOnBlur(quantity, bounds)));
        }}
      >
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="variantId" value={variant.id} />
        <input type="hidden" name="sku" value={variant.sku} />
        {autoship && pet ? <input type="hidden" name="pet" value={pet} /> : null}
        <PurchaseOptions
          isStaff={isStaff}
          priceCents={priceCents}
          purchase={purchase}
          onPurchaseChange={choosePurchase}
          frequencyWeeks={frequencyWeeks}
          onFrequencyChange={chooseFrequency}
          disabled={!variant.inStock}
        />
        <div id={buttonRowId} className="flex flex-wrap items-end gap-4">
          <QuantityControl value={quantity} onChange={setQuantity} bounds={bounds} inStock={variant.inStock} />
          <AddToCartButton
            inStock={variant.inStock}
            className="min-h-11 flex-1 rounded bg-primary px-6 py-3 text-lg font-bold text-white hover:bg-secondary disabled:cursor-not-allowed disabled:bg-disabled disabled:text-gray-700 aria-disabled:cursor-wait aria-disabled:opacity-80 sm:flex-none"
          />
        </div>
        <AddToCartErrors />
      </fetcher.Form>
      {/* Out of stock where this shopper's ZIP is served: ask for one mail when it is back. */}
      {variant.inStock ? null : (
        <Suspense fallback={null}>
          <NotifyMe.View variantId={variant.id} />
        </Suspense>
      )}
      {/* A customer on Autoship adds this item once to their next delivery (My Autoships confirms it). */}
      {!isStaff && variant.inStock ? (
        <Form method="post" action="/account/autoships" className="text-sm" data-testid="add-to-next-delivery">
          <input type="hidden" name="intent" value={ADD_ONE_TIME} />
          <input type="hidden" name="variantId" value={variant.id} />
          <input type="hidden" name="quantity" value={quantityOnBlur(quantity, quantityBounds(false))} />
          <button type="submit" className="min-h-6 font-semibold text-primary underline">
            On Autoship? Add to your next delivery instead
          </button>
        </Form>
      ) : null}
      <LoadedLater
        load={loadStickyAddBar}
        formId={formId}
        watchedId={buttonRowId}
        priceCents={priceCents}
        size={variant.size}
        quantity={quantity}
        inStock={variant.inStock}
      />
      {/* Outside the add-to-cart form: the calculator is a form of its own. Treats have no feeding table. */}
      {variant.foodForm !== "treat" && (
        <FeedingDisclosure
          product={product}
          variant={variant}
          onChooseFrequency={(w, p) => {
            chooseFrequency(w);
            setPet(p);
          }}
        />
      )}
    </>
  );
}

export function ProductPage({ data }: { data: ProductPageData }) {
  const { site, freeShippingThresholdCents } = usePublicConfig();
  const { product } = data;
  const selected = selectedOf(data);
  const location = useLocation();
  const navigation = useNavigation();
  // While a variant change loads, the pickers already show the choice.
  const pendingSku =
    navigation.location && navigation.location.pathname === location.pathname ? new URLSearchParams(navigation.location.search).get("sku") : null;
  const shownSku = pendingSku ?? selected.sku;
  const priceCents = cardPrice(selected, site).priceCents;
  const promotions = cardPromotions(priceCents, site, freeShippingThresholdCents);
  const prescription = product.brandKind === "prescription";

  // view_item for the variant shown: on arrival and whenever the shopper picks another variant
  // (its SKU is another GA4 item). Not for a re-render of the same variant.
  useEffect(() => {
    void track(
      (b) => b.viewItemEvent({ sku: selected.sku, title: product.title, brand: product.productBrand, variantTitle: selected.title, priceCents }),
      site.isStaff,
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected.sku, site.isStaff]);

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-6 md:py-10" data-testid="product-page" data-sku={selected.sku}>
      <Breadcrumbs kind="product-detail" product={product} origin={data.origin} />
      <div className="mt-4 grid gap-8 lg:grid-cols-2 lg:gap-12">
        <ProductGallery key={selected.sku} primary={selected.imagePrimary} media={selected.variantMediaList} />

        <div className="space-y-5">
          <div>
            <Link
              to={`/products/${product.productSpecies}/brand/${product.productBrandSlug}`}
              className="text-sm font-semibold uppercase tracking-wide text-primary hover:underline"
            >
              {product.productBrand}
            </Link>
            <h1 className="mt-1 text-2xl font-bold text-secondary md:text-3xl">{product.title}</h1>
            {data.reviews && <RatingLine rating={data.reviews.rating} />}
            <p className="mt-1 text-sm text-gray-600">
              SKU <span data-testid="selected-sku">{selected.sku}</span>
            </p>
          </div>

          <ProductBadges variant={selected} dealSkus={Object.keys(product.deals)} />
          <PriceBlock variant={selected} isStaff={site.isStaff} />

          {site.isStaff && prescription && (
            <div className="rounded border-l-4 border-secondary bg-mist p-3" data-testid="vet-supervised">
              <p className="font-bold text-secondary">Vet-Supervised Nutrition</p>
              <p className="text-sm">A therapeutic diet: feed under the supervision of a veterinarian.</p>
            </div>
          )}

          <FlavorPicker variants={product.variants} selected={selected} shownSku={shownSku} isStaff={site.isStaff} />
          <SizePicker variants={product.variants} selected={selected} shownSku={shownSku} isStaff={site.isStaff} />

          <DeliveryEstimate info={data.delivery} inStock={selected.inStock} />

          <AddToCartForm key={selected.sku} variant={selected} isStaff={site.isStaff} product={product} />
          <AddToCartFeedback isStaff={site.isStaff} />

          {promotions.freeShipping && <p className="text-sm text-gray-700">{promotions.freeShipping}</p>}
          {/* The donation for this variant at its shown price; the provider knows products by handle. */}
          <DonationSlot request={{ place: "product", cmsId: product.handle, priceCents }} />
        </div>
      </div>

      <div className="mt-10 grid gap-8 border-t border-gray-200 pt-8 lg:grid-cols-2 lg:gap-12">
        <section aria-labelledby="description-heading">
          <h2 id="description-heading" className="text-xl font-bold text-secondary">
            Description
          </h2>
          <p className="mt-3 leading-relaxed" data-testid="product-description">
            {product.description}
          </p>
        </section>
        <section aria-labelledby="details-heading">
          <h2 id="details-heading" className="text-xl font-bold text-secondary">
            Details
          </h2>
          <div className="mt-3">
            <ProductFacts product={product} />
          </div>
        </section>
      </div>
      {data.reviews && (
        <Suspense fallback={null}>
          <ProductReviews.View reviews={data.reviews} />
        </Suspense>
      )}
    </main>
  );
}
