import type { Basket } from "./ga4-catalog-events";

// One basket for the GA4 event tests, and the items GA4 expects for it.

export const basket: Basket = {
  lines: [
    {
      sku: "KC-D01-CH-5",
      title: "Kindred Crest Everyday Adult",
      brand: "Kindred Crest",
      variantTitle: "Chicken / 5 lb Bag",
      unitPriceCents: 1299,
      quantity: 3,
    },
    { sku: "MW-C07-TU-12", title: "Meadowhill Tuna Pâté", brand: "Meadowhill", variantTitle: "Tuna / 12 × 3 oz", unitPriceCents: 2450, quantity: 1 },
  ],
  discountCents: 0,
  coupons: [],
};

export const basketItems = [
  {
    item_id: "KC-D01-CH-5",
    item_name: "Kindred Crest Everyday Adult",
    item_brand: "Kindred Crest",
    item_variant: "Chicken / 5 lb Bag",
    price: 12.99,
    quantity: 3,
  },
  { item_id: "MW-C07-TU-12", item_name: "Meadowhill Tuna Pâté", item_brand: "Meadowhill", item_variant: "Tuna / 12 × 3 oz", price: 24.5, quantity: 1 },
];
