// Browser tests only: one-time console setup links made from the shell before the shop starts (as
// an operator would with `npm run admin:create`), one per test that needs an operator, written to
// the file named by the first argument as { key: url }. Each link is used once, by one test.
import { writeFileSync } from "node:fs";
import type { OperatorRole } from "../rules/console/operator-roles";
import { SEED_DONATION_STORE_ID } from "../server/modules/donations";
import { runOperatorCommand } from "./lib/operator-command";
import { E2E_REVIEWS, E2E_REVIEWS_PRODUCT } from "./lib/e2e-reviews";
import { seedIfEmpty } from "../server/db/seed";
import type { Database } from "../server/db/client";
import { seededProducts } from "../server/testing/catalog";
import { aStoredReview } from "../server/testing/reviews";

/** key → role; the operator's e-mail is `e2e-<key>@example.test`. */
export const E2E_OPERATORS = {
  "security-manager": "manager",
  "catalog-manager": "manager",
  "catalog-support": "support",
  "customers-manager": "manager",
  "customers-support": "support",
  "subscriptions-support": "support",
  "content-editor": "content",
  "content-fulfilment": "fulfilment",
  // tests/e2e/account.spec.ts: edits the account pages' settings and sees them on a customer's pages.
  "account-settings-editor": "content",
  "donations-owner": "owner",
  // tests/e2e/donations-journey.spec.ts: reads the month's donation report and refunds the journey's order.
  "donations-journey": "owner",
  "errors-manager": "manager",
  // tests/e2e/console.spec.ts: reads the dashboard's trend charts and their tables.
  "dashboard-manager": "manager",
  "reviews-manager": "manager",
  // tests/e2e/reviews.spec.ts: delivers a customer's order and approves the review written for it.
  "reviews-journey": "manager",
  // tests/e2e/autoship-extras-journey.spec.ts: raises a price or empties a shelf, then renews an Autoship.
  "autoship-price": "manager",
  "autoship-substitute": "manager",
  // tests/e2e/email-marketing.spec.ts: sends two campaigns and finds the journey's address on the console's e-mail list.
  "marketing-campaigns": "marketing",
  // tests/e2e/marketing-automations.spec.ts: puts an out-of-stock item back on the shelf.
  "back-in-stock-manager": "manager",
  // tests/e2e/screenshots.spec.ts: the console dashboard's layout at each width.
  "screenshots-390": "manager",
  "screenshots-1280": "manager",
} as const satisfies Record<string, OperatorRole>;

/**
 * The donation report's browser test reads this month: ledger rows written here, in a month no
 * checkout of the test run reaches, for the seeded store and its first two causes (names joined at
 * read time, after the shop seeds them).
 */
export const E2E_DONATION_MONTH = "2025-10";
export const E2E_DONATION_LEDGER = [
  { orderId: "e2e00000-0000-4000-8000-000000000001", causeId: "00-1000001", amountCents: 215, fundedBy: "store", rule: "percentage" },
  { orderId: "e2e00000-0000-4000-8000-000000000001", causeId: "00-1000001", amountCents: 300, fundedBy: "customer", rule: "add-on" },
  { orderId: "e2e00000-0000-4000-8000-000000000002", causeId: "00-1000002", amountCents: 120, fundedBy: "store", rule: "percentage" },
] as const;

const [file] = process.argv.slice(2);
if (file)
  await runOperatorCommand(async ({ services, config, database }) => {
    const links: Record<string, string> = {};
    for (const [key, role] of Object.entries(E2E_OPERATORS)) {
      const link = await services.operators.issueSetupLink({ email: `e2e-${key}@example.test`, role, createdBy: "e2e" });
      links[key] = `${config.publicUrl ?? `http://localhost:${config.port}`}/admin/setup?token=${link.token}`;
    }
    writeFileSync(file, JSON.stringify(links, null, 2));
    await services.donations.appendLedger(
      E2E_DONATION_LEDGER.map((row, i) => ({
        ...row,
        storeId: SEED_DONATION_STORE_ID,
        orderLineId: `e2e00000-0000-4000-8000-0000000001${String(i).padStart(2, "0")}`,
        // appendLedger takes the row's time when given one (the test needs a past month).
        createdAt: new Date(`${E2E_DONATION_MONTH}-15T12:00:00Z`),
      })),
    );
    await writeWaitingReviews(database);
    return 0;
  });

/**
 * The console's review moderation test needs reviews waiting for moderation, written here as a
 * customer's submission leaves them (state "new"). The shop seeds its catalogue on its first start,
 * after this script: the seed runs here first (the shop then finds it done).
 */
async function writeWaitingReviews(database: Database) {
  await seedIfEmpty(database);
  const product = (await seededProducts(database.db)).find((p) => p.handle === E2E_REVIEWS_PRODUCT.handle);
  if (!product) throw new Error(`No seeded product ${E2E_REVIEWS_PRODUCT.handle}`);
  const start = Date.now() - 24 * 60 * 60_000;
  for (const [i, r] of E2E_REVIEWS.entries()) {
    await aStoredReview(database.db, { ...r, productId: product.id, state: "new", createdAt: new Date(start + i * 60_000) });
  }
}
