import type { CardModel } from "../../../rules/product-card";
import { usePublicConfig } from "../../lib/use-public-config";
import { AddToCartFeedback } from "../../components/cart/add-to-cart";
import { ProductCard } from "../../components/catalog/product-card";

/**
 * Cards in 2, 3 then 4 columns (the widths CARD_IMAGE_SIZES assumes). The first row loads eagerly.
 * Each card can be added to the cart; the grid holds the one add-to-cart modal of the page.
 */
export function ProductGrid({ cards, label = "Products" }: { cards: CardModel[]; label?: string }) {
  const { site } = usePublicConfig();
  return (
    <>
      <AddToCartFeedback isStaff={site.isStaff} />
      <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4" data-testid="product-grid">
      {cards.map((card, i) => (
        <li key={card.key}>
          <ProductCard card={card} eager={i < 4} addToCart />
        </li>
      ))}
      </ul>
    </>
  );
}
