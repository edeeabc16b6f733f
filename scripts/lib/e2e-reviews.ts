import { buildSeedCatalog } from "../../server/modules/catalog";

// Browser tests only: the reviews waiting for moderation that scripts/e2e-operators.ts writes before
// the shop starts, for the console's review moderation test (tests/e2e/console-reviews.spec.ts).
// Imported by both; no side effects. The catalogue's last product: the shop's own pages' tests use
// the first ones.

const product = buildSeedCatalog().products.at(-1)!;
export const E2E_REVIEWS_PRODUCT = { handle: product.handle, title: product.title };

/** Oldest first (one minute apart, a day before the run): the queue lists them in this order. */
export const E2E_REVIEWS = [
  {
    title: "Mostly about my commute",
    body: "The bus was late again today, and the driver skipped my stop. Anyway, the bag arrived.",
    rating: 3,
    nickname: "E2E Commuter",
  },
  {
    title: "Our old tabby finishes every bowl",
    body: "She is fifteen and fussy. This is the first dry food she eats without coaxing, and her coat looks better.",
    rating: 5,
    nickname: "Tabby Keeper",
  },
  {
    title: "Too big a kibble for a small cat",
    body: "Good ingredients, but the pieces are large for our little one. We soak them first.",
    rating: 2,
    nickname: "Small Cat Home",
  },
] as const;
