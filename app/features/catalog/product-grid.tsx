import type { Ga4List } from "../../../rules/consent/ga4-list-names";
import type { CardModel } from "../../../rules/catalog/product-card";
import { usePublicConfig } from "../../lib/use-public-config";
import { selectItemOnClick, useViewItemList } from "../../lib/analytics-events";
import { AddToCartFeedback, CardAddToCartForm } from "../../components/cart/add-to-cart";
import { ProductCard } from "../../components/catalog/product-card";

/**
 * Cards in 2, 3 then 4 columns (rules/catalog/image-urls.ts cardImageDensitySrcSet says how wide their images show). The first row loads eagerly.
 * Each card can be added to the cart; the grid holds the one add-to-cart modal of the page and is
 * inside the one form the cards' add buttons submit.
 * The grid is an analytics list: view_item_list when shown, select_item when a card is opened
 * (`offset`: the position of its first card in the whole list).
 */
export function ProductGrid({ cards, label = "Products", list, offset = 0 }: { cards: CardModel[]; label?: string; list: Ga4List; offset?: number }) {
  const { site } = usePublicConfig();
  useViewItemList(list, cards, offset, site.isStaff);
  return (
    <>
      <AddToCartFeedback isStaff={site.isStaff} />
      <CardAddToCartForm>
        {/* Clicks on the cards' links bubble here (select_item); the list itself is not interactive. */}
        <ul
          aria-label={label}
          className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4"
          data-testid="product-grid"
          onClick={selectItemOnClick(list, cards, offset, site.isStaff)}
        >
          {cards.map((card, i) => (
            <li key={card.key}>
              <ProductCard card={card} eager={i < 4} addToCart grid />
            </li>
          ))}
        </ul>
      </CardAddToCartForm>
    </>
  );
}
