import { Link } from "react-router";
import { CARD_IMAGE_WIDTHS, imageSrcSet, imageUrl } from "../../../rules/images";
import { formatUsd } from "../../../rules/money";
import type { CardModel } from "../../../rules/product-card";
import { CardAddToCart } from "../cart/add-to-cart";
import { badgeClass } from "./product-badges";
import { ratingText, starsOf } from "../../../rules/review-display";

// The product card of SPEC §2/§9. What it shows is decided by rules/product-card.ts (productCardModel);
// the staff site's card has no promotions (SPEC §6) because the model carries none.

/** Layout widths of a card image in the grid (see ProductGrid): 2, 3 then 4 columns. */
const CARD_IMAGE_SIZES = "(min-width: 1280px) 280px, (min-width: 960px) 30vw, 48vw";

/** `addToCart` shows a one-time add button; the page must then mount <AddToCartFeedback /> once. */
export function ProductCard({ card, eager = false, addToCart = false }: { card: CardModel; eager?: boolean; addToCart?: boolean }) {
  return (
    <article
      className="group relative flex h-full flex-col rounded-lg border border-gray-200 bg-white p-3 shadow-sm transition hover:shadow-md focus-within:ring-2 focus-within:ring-primary"
      data-testid="product-card"
      data-sku={card.sku}
    >
      <div className="relative">
        <img
          src={imageUrl(card.imageSource, 320)}
          srcSet={imageSrcSet(card.imageSource, CARD_IMAGE_WIDTHS)}
          sizes={CARD_IMAGE_SIZES}
          width={320}
          height={320}
          alt={card.imageAlt}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="aspect-square w-full rounded bg-mist object-contain"
        />
        {card.badges.length > 0 && (
          <ul className="absolute left-1 top-1 flex flex-col items-start gap-1" aria-label="Badges">
            {card.badges.map((b) => (
              <li
                key={b.name}
                className={badgeClass(b.tone)}
                data-badge={b.name}
              >
                {b.label}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="mt-3 flex flex-1 flex-col">
        <p className="text-xs font-semibold uppercase tracking-wide text-gray-600">{card.brand}</p>
        <h2 className="mt-1 text-base font-semibold leading-snug text-secondary">
          {/* The whole card is clickable through this link's ::after; the link text is the title. */}
          <Link to={card.href} className="after:absolute after:inset-0 after:content-[''] hover:underline focus:outline-none" prefetch="intent">
            {card.title}
          </Link>
        </h2>
        <p className="mt-1 text-sm text-gray-700" title={card.description}>
          {card.description}
        </p>
        {card.variantLabel && <p className="mt-1 text-xs text-gray-500">{card.variantLabel}</p>}
        {/* The stars and count for the eye, their reading for a screen reader (markup kept small: 24 cards a page). */}
        {card.rating && (
          <p className="mt-1 text-sm text-secondary" role="img" aria-label={ratingText(card.rating)}>
            {`${starsOf(card.rating.average)} (${card.rating.count})`}
          </p>
        )}
        <div className="mt-auto pt-3">
          <p className="flex flex-wrap items-baseline gap-x-2">
            {card.priceLabel && <span className="w-full text-xs font-medium text-gray-600">{card.priceLabel}</span>}
            <span className="text-lg font-bold text-ink" data-testid="card-price">
              {formatUsd(card.priceCents)}
            </span>
            {card.compareAtCents !== null && (
              <span className="text-sm text-gray-500 line-through" data-testid="card-compare-at">
                <span className="sr-only">Was </span>
                {formatUsd(card.compareAtCents)}
              </span>
            )}
          </p>
          {card.autoship && (
            <p className="mt-1 text-sm font-medium text-secondary" data-testid="card-autoship">
              {card.autoship}
            </p>
          )}
          {card.freeShipping && (
            <p className="mt-0.5 text-xs text-gray-600" data-testid="card-free-shipping">
              {card.freeShipping}
            </p>
          )}
          {addToCart && <CardAddToCart variantId={card.variantId} sku={card.sku} inStock={card.inStock} title={card.title} />}
        </div>
      </div>
    </article>
  );
}
