import type { Logger } from "drizzle-orm";
import { openPostgres } from "../server/db/client";
import { listProducts } from "../server/modules/catalog";
import type { ListingQuery } from "../server/modules/catalog";

/**
 * `DATABASE_URL=… npx tsx scripts/explain-listing.ts [--plans] [--only NAME]`: runs the listing,
 * category, search and predictive-search queries of the shop on an existing database (e.g. one grown
 * by `npm run bench -- --scale 100000`) and prints, per case and per SQL statement, the execution
 * time EXPLAIN ANALYZE reports (`--plans`: the whole plans). For checking indexes at scale; not a test.
 */

const argv = process.argv.slice(2);
const showPlans = argv.includes("--plans");
const only = argv.includes("--only") ? argv[argv.indexOf("--only") + 1] : undefined;

const base: ListingQuery = { site: "d2c", filters: [], sort: "featured", page: 1, limit: 24 };
const cases: [string, Partial<ListingQuery>][] = [
  ["/products", {}],
  ["/products/dog", { filters: [{ field: "species", value: "dog" }] }],
  [
    "/products/dog/pet-age/adult",
    {
      filters: [
        { field: "species", value: "dog" },
        { field: "lifestage", value: "adult-dog" },
      ],
    },
  ],
  [
    "/products/cat/brand/vetrova",
    {
      filters: [
        { field: "species", value: "cat" },
        { field: "brand", value: "vetrova" },
      ],
    },
  ],
  [
    "dog+dry+large+chicken",
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
    "wet + price 20-40",
    {
      filters: [
        { field: "food_form", value: "wet" },
        { field: "price", min: 20, max: 40 },
      ],
    },
  ],
  [
    "weights (OR), staff, price-asc",
    {
      site: "hpsf",
      sort: "price-asc",
      filters: [
        { field: "weight", max: 5 },
        { field: "weight", min: 30 },
      ],
    },
  ],
  ["sort price-asc", { sort: "price-asc" }],
  ["sort price-desc, dog", { sort: "price-desc", filters: [{ field: "species", value: "dog" }] }],
  ["sort name", { sort: "name" }],
  ["sort newest", { sort: "newest" }],
  ["page 40", { page: 40 }],
  ["search chicken", { search: "chicken" }],
  ["search typo chiken", { search: "chiken" }],
  ["search sku prefix", { search: "KC-D01" }],
  ["predictive chick", { search: "chick", facets: false, limit: 6 }],
  ["predictive salmn (typo)", { search: "salmn", facets: false, limit: 6 }],
];

const statements: { query: string; params: unknown[] }[] = [];
const logger: Logger = { logQuery: (query, params) => void statements.push({ query, params }) };
// The statements of one call are captured by a logging connection, then explained one by one on another.
const url = process.env.DATABASE_URL;
if (!url) throw new Error("set DATABASE_URL to the database to explain on");
const logged = await openPostgres(url, 2, { logger });
const database = await openPostgres(url, 1);
const explainer = (database.db as unknown as { $client: { query: (q: string, p?: unknown[]) => Promise<unknown> } }).$client;
// The typo-tolerant search sets this for its own transaction (search.ts fuzzyHits); the one connection here keeps it.
await explainer.query("set pg_trgm.word_similarity_threshold = 0.44");

for (const [name, overrides] of cases) {
  if (only && !name.includes(only)) continue;
  statements.length = 0;
  const query = { ...base, ...overrides };
  await listProducts(logged.db, query); // warm
  statements.length = 0;
  const started = performance.now();
  await listProducts(logged.db, query);
  const wall = performance.now() - started;
  const captured = [...statements];
  const parts: string[] = [];
  for (const s of captured) {
    if (!/^\s*(select|with)\b/i.test(s.query) || /set_config/.test(s.query)) continue;
    const result = (await explainer.query(`explain (analyze, buffers) ${s.query}`, s.params)) as unknown as {
      rows: { "QUERY PLAN": string }[];
    };
    const plan = result.rows.map((r) => r["QUERY PLAN"]);
    const time = plan.find((l) => l.startsWith("Execution Time"))?.replace("Execution Time: ", "") ?? "?";
    const kind = /count\(\*\)/.test(s.query)
      ? "count"
      : /search_hits|ts_rank|word_similarity/.test(s.query) && /with sku_hits|<%/.test(s.query)
        ? "search"
        : /from "variants"/.test(s.query) && !/"brands"/.test(s.query)
          ? "variants"
          : /"filter_definitions"/.test(s.query)
            ? "filters"
            : "page";
    parts.push(`${kind} ${time}`);
    if (showPlans) console.log(`--- ${name}: ${kind}\n${s.query.slice(0, 400)}\n${plan.join("\n")}\n`);
  }
  console.log(`${name.padEnd(34)} wall ${wall.toFixed(1).padStart(7)} ms | ${parts.join(" | ")}`);
}
await logged.close();
await database.close();
