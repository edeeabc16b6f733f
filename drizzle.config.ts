import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema files listed here into drizzle/ and applied at start-up.
// The list is explicit so that a module's schema joins the migrations only when its author generates
// them: a half-written schema elsewhere in the tree never slips into someone else's migration.
export default defineConfig({
  dialect: "postgresql",
  schema: [
    "./server/modules/catalog/schema.ts",
    "./server/modules/catalog/filters-schema.ts",
    "./server/modules/cart/schema.ts",
    "./server/modules/content/schema.ts",
    "./server/modules/identity/schema.ts",
    "./server/modules/rate-limit/schema.ts",
    "./server/modules/contact/schema.ts",
    "./server/modules/pets/schema.ts",
    "./server/modules/mail/schema.ts",
    "./server/modules/payments/schema.ts",
    "./server/modules/orders/schema.ts",
    "./server/modules/autoship/schema.ts",
    "./server/modules/checkout/schema.ts",
    "./server/modules/operators/schema.ts",
    "./server/modules/clinics/schema.ts",
    "./server/modules/donations/schema.ts",
    "./server/modules/errors/schema.ts",
    "./server/modules/consent/schema.ts",
    "./server/modules/reviews/schema.ts",
    "./server/modules/marketing/schema.ts",
    "./server/modules/marketing/campaign-schema.ts",
  ],
  out: "./drizzle",
  casing: "snake_case",
});
