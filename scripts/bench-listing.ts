import { openPglite } from "../server/db/client";
import { seedIfEmpty } from "../server/db/seed";
import { listProducts } from "../server/modules/catalog";
import type { ListingQuery } from "../server/modules/catalog";

/**
 * `npx tsx scripts/bench-listing.ts [runs]`: times listProducts on a fresh in-memory PGlite with the
 * seed catalogue and prints, per query, the median and worst time and the number of SQL queries it
 * issued. A benchmark to compare changes by, not a test: the numbers depend on the machine.
 */

const runs = Number(process.argv[2] ?? 15);

const cases: [string, Partial<ListingQuery>][] = [
  ["all products, featured, 24", {}],
  ["all products, 100 per page", { limit: 100 }],
  [
    "dog + dry + large breed + chicken",
    {
      filters: [
        { field: "species", value: "dog" },
        { field: "food_form", value: "dry" },
        { field: "breed_size", value: "large" },
        { field: "flavor", value: "Chicken" },
      ],
    },
  ],
  [
    "weight ranges (OR) + price-asc, staff site",
    {
      site: "hpsf",
      sort: "price-asc",
      filters: [
        { field: "weight", max: 5 },
        { field: "weight", min: 30 },
      ],
    },
  ],
  ["search 'chicken'", { search: "chicken" }],
  ["search with typo 'chiken'", { search: "chiken" }],
  ["search exact SKU", { search: "KC-D01-CHR-4LB" }],
  ["search 'salmon' + cat, page 2 of 5", { search: "salmon", filters: [{ field: "species", value: "cat" }], limit: 5, page: 2 }],
  ["no facets (get-products), 12", { facets: false, limit: 12 }],
];

let queries = 0;
const database = await openPglite(undefined, { logger: { logQuery: () => void queries++ } });
await database.migrate();
await seedIfEmpty(database);

console.log(`listProducts on PGlite (in memory, seed catalogue), ${runs} runs each after three warm-ups\n`);
console.log(`${"query".padEnd(46)} ${"median".padStart(8)} ${"worst".padStart(8)} ${"SQL".padStart(4)}  results`);
for (const [name, overrides] of cases) {
  const query: ListingQuery = { site: "d2c", filters: [], sort: "featured", page: 1, limit: 24, ...overrides };
  for (let i = 0; i < 3; i++) await listProducts(database.db, query);
  const times: number[] = [];
  let perCall = 0;
  let total = 0;
  for (let i = 0; i < runs; i++) {
    queries = 0;
    const started = performance.now();
    const result = await listProducts(database.db, query);
    times.push(performance.now() - started);
    perCall = queries;
    total = result.total;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const worst = times[times.length - 1];
  console.log(`${name.padEnd(46)} ${`${median.toFixed(1)} ms`.padStart(8)} ${`${worst.toFixed(1)} ms`.padStart(8)} ${String(perCall).padStart(4)}  ${total}`);
}
await database.close();
