import { defineConfig } from "drizzle-kit";

// Migrations are generated from every module's schema.ts (and the catalogue's filters-schema.ts)
// into drizzle/ and applied at start-up.
export default defineConfig({
  dialect: "postgresql",
  schema: ["./server/modules/*/schema.ts", "./server/modules/catalog/filters-schema.ts"],
  out: "./drizzle",
  casing: "snake_case",
});
