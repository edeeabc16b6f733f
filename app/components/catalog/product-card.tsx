import { Link } from "react-router";
import { cardImageSrcSet, cardImageUrl } from "../../../rules/images";
import { formatUsd } from "../../../rules/money";
import { cardImageAlt, type CardModel } from "../../../rules/product-card";
import { CardAddToCart } from "../cart/add-to-cart";
import { badgeClass } from "./product-badges";
import { ratingText, starsOf } from "../../../rules/review-display";

// The product card of SPEC §2/§9. What it shows is decided by rules/product-card.ts (productCardModel);
// the staff site's card has no promotions (SPEC §6) because the model carries none. A page shows 24
// of them: their looks are catalog.css's (.pc: named classes, or the part's place in the card), not utility lists on every element.

/** Layout widths of a card image in the grid (see ProductGrid): 2, 3 then 4 columns. */
const CARD_IMAGE_SIZES = "(min-width: 1280px) 280px, (min-width: 960px) 30vw, 48vw";

/** `addToCart` shows a one-time add button; the page must then mount <AddToCartFeedback /> and <CardAddToCartForm /> once. */
export function ProductCard({ card, eager = false, addToCart = false }: { card: CardModel; eager?: boolean; addToCart?: boolean }) {
  return (
    <article className="pc" data-testid="product-card" data-sku={card.sku}>
      <img
        src={cardImageUrl(card.imageSource, 320)}
        srcSet={cardImageSrcSet(card.imageSource)}
        sizes={CARD_IMAGE_SIZES}
        width={320}
        height={320}
        alt={cardImageAlt(card)}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
      />
      {card.badges && (
        <ul className="pc-badges" aria-label="Badges">
          {card.badges.map((b) => (
            <li key={b.name} className={badgeClass(b.tone)} data-badge={b.name}>
              {b.label}
            </li>
          ))}
        </ul>
      )}
      <div>
        <p>{card.brand}</p>
        <h2>
          {/* The whole card is clickable through this link's ::after; the link text is the title. */}
          <Link to={card.href} prefetch="intent">
            {card.title}
          </Link>
        </h2>
        <p>{card.description}</p>
        {card.variantLabel && <p className="pc-variant">{card.variantLabel}</p>}
        {/* The stars and count for the eye, their reading for a screen reader. */}
        {card.rating && (
          <p role="img" aria-label={ratingText(card.rating)}>
            {`${starsOf(card.rating.average)} (${card.rating.count})`}
          </p>
        )}
        <div>
          <p className="pc-price">
            {card.priceLabel && <span className="pc-label">{card.priceLabel}</span>}
            <span className="pc-now">
              {formatUsd(card.priceCents)}
            </span>
            {card.compareAtCents != null && (
              <span className="pc-was">
                <span className="sr-only">Was </span>
                {formatUsd(card.compareAtCents)}
              </span>
            )}
          </p>
          {card.autoship && (
            <p className="pc-autoship">
              {card.autoship}
            </p>
          )}
          {card.freeShipping && (
            <p className="pc-ship">
              {card.freeShipping}
            </p>
          )}
          {addToCart && <CardAddToCart variantId={card.variantId} inStock={card.inStock} title={card.title} />}
        </div>
      </div>
    </article>
  );
}
