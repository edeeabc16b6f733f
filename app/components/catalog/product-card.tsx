import { Link } from "react-router";
import { cardImageDensitySrcSet, cardImageSrcSet, cardImageUrl } from "../../../rules/catalog/image-urls";
import { formatUsd } from "../../../rules/shared/money";
import { cardImageAlt, type CardModel } from "../../../rules/catalog/product-card";
import { CardAddToCart, cardTitleId } from "../cart/add-to-cart";
import { badgeClass } from "./product-badges";
import { ratingText, starsOf } from "../../../rules/reviews/rating-display";

// The product card of SPEC §2/§9. What it shows is decided by rules/catalog/product-card.ts (productCardModel);
// the staff site's card has no promotions (SPEC §6) because the model carries none. A page shows 24
// of them: their looks are catalog.css's (.pc: named classes, or the part's place in the card), not utility lists on every element.

/** Layout widths of a card image in a carousel (1 to 3 slides in view): the browser picks among three widths. */
const CARD_IMAGE_SIZES = "(min-width: 1280px) 280px, (min-width: 960px) 30vw, 48vw";

/**
 * `addToCart` shows a one-time add button; the card must then be inside a <CardAddToCartForm>, and the page mount <AddToCartFeedback /> once.
 * `grid`: a card of the listing grid (about 320 CSS pixels at most), whose image comes at densities 1
 * and 2 rather than by widths: 24 cards a page each name their image twice instead of four times.
 * A lazy image is the exception, so an eager one says nothing (the default).
 */
export function ProductCard({
  card,
  eager = false,
  addToCart = false,
  grid = false,
}: {
  card: CardModel;
  eager?: boolean;
  addToCart?: boolean;
  grid?: boolean;
}) {
  return (
    // Tests find a card by its role (the shop's only articles), not a test id repeated 24 times; its
    // SKU is in its link (?sku=…), where analytics' select_item reads it too (app/lib/analytics-events.ts).
    <article className="pc">
      <img
        src={cardImageUrl(card.imageSource, 320)}
        srcSet={grid ? cardImageDensitySrcSet(card.imageSource, eager) : cardImageSrcSet(card.imageSource)}
        sizes={grid ? undefined : CARD_IMAGE_SIZES}
        width={320}
        height={320}
        alt={cardImageAlt(card)}
        loading={eager ? undefined : "lazy"}
        decoding={grid ? undefined : "async"}
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
          {/* The whole card is clickable through this link's ::after; the link text is the title.
              A grid card's link is left out of React Router's route discovery after hydration: the
              24 product paths of a page made its one manifest request longer than React Router sends
              (7,680 characters), so none of the page's links were discovered. Every card opens the
              same route; its path is asked for when opened (as before), and the header's category
              links, discovered again, bring the route in, so hovering a card now preloads its code. */}
          <Link to={card.href} prefetch="intent" discover={grid ? "none" : undefined} id={addToCart ? cardTitleId(card.variantId) : undefined}>
            {card.title}
          </Link>
        </h2>
        <p>{card.description}</p>
        {/* The variant: the paragraph after the description (catalog.css). */}
        {card.variantLabel && <p>{card.variantLabel}</p>}
        {/* The stars and count for the eye, their reading for a screen reader. */}
        {card.rating && (
          <p role="img" aria-label={ratingText(card.rating)}>
            {`${starsOf(card.rating.average)} (${card.rating.count})`}
          </p>
        )}
        {/* The foot: the price (its first paragraph; the price in bold, a struck-out one it replaces),
            the autoship promotion (the paragraph after it) and the shipping terms in small print. */}
        <div>
          <p>
            {card.priceLabel && <span className="pc-label">{card.priceLabel}</span>}
            <b>{formatUsd(card.priceCents)}</b>
            {card.compareAtCents != null && (
              <s>
                <span className="sr-only">Was </span>
                {formatUsd(card.compareAtCents)}
              </s>
            )}
          </p>
          {card.autoship && <p>{card.autoship}</p>}
          {card.freeShipping && <small>{card.freeShipping}</small>}
          {addToCart && <CardAddToCart variantId={card.variantId} inStock={card.inStock} />}
        </div>
      </div>
    </article>
  );
}
