import { fork, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { autocannon, type AutocannonRequest, type AutocannonResult } from "./lib/autocannon";
import { createDatabase, freePort, sleep, startCluster } from "./lib/pg-cluster";
import { onCleanup, startScript } from "./lib/script-process";

/**
 * `npm run bench [-- options]`: the production build on a throwaway PostgreSQL (or `--pglite`, the
 * embedded database), loaded with autocannon target by target — pages, the predictive search and the
 * cart and checkout API — and, in the same run, a bare node:http server sending each target's bytes
 * (its ceiling). Prints a table and writes JSON under bench/results/.
 *
 *   --pglite            the embedded database (one process) instead of PostgreSQL
 *   --scale N           first grow the catalogue to about N variants (generated, deterministic)
 *   --duration S        seconds measured per target (default 10); --warmup S (default 3)
 *   --connections C     concurrent connections (default 50)
 *   --only a,b          only these targets (names as in the table)
 *   --workers N         WEB_CONCURRENCY for the shop (default: the shop's own default)
 *   --build             build first even when build/ exists
 *   --no-page-cache     PAGE_CACHE=off: every page rendered (the guest page cache measured apart)
 *   --gzip              ask for gzip as browsers do (Accept-Encoding); the ceiling sends the gzipped bytes
 *   --profile DIR       write V8 CPU profiles of the shop's processes to DIR
 *   --peer URL          also measure a running EverShop at URL (../shared/bench/peers/evershop-start.sh)
 *                       in the same run: its product page, listing and cart page with two lines, each
 *                       beside ours, with the ratio printed under the table
 *
 * A measurement, not a test: figures depend on the machine and on what else runs on it. Compare
 * runs taken minutes apart on the same machine.
 */

const root = path.resolve(import.meta.dirname, "..");
// ---------------------------------------------------------------------------------------------
// Options

const argv = process.argv.slice(2);
function option(name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  if (i >= 0) return argv[i + 1];
  return argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}
const flag = (name: string) => argv.includes(`--${name}`);
const number = (name: string, fallback: number) => {
  const v = option(name);
  const n = v === undefined ? fallback : Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number`);
  return n;
};

const usePglite = flag("pglite");
const scale = number("scale", 0);
const duration = number("duration", 10);
const warmup = number("warmup", 3);
const connections = number("connections", 50);
const gzip = flag("gzip");
/** With --gzip every request says it takes gzip, as a browser's does. */
const asBrowsersAsk = (request: AutocannonRequest): AutocannonRequest =>
  gzip ? { ...request, headers: { ...request.headers, "accept-encoding": "gzip" } } : request;
const only = option("only")?.split(",").filter(Boolean);
const workers = option("workers");
const peer = option("peer")?.replace(/\/$/, "");

const { say, run } = startScript("bench");

// ---------------------------------------------------------------------------------------------
// Children and clean-up

const children: ChildProcess[] = [];
onCleanup(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

// ---------------------------------------------------------------------------------------------
// HTTP helpers

/** `encoding`: the Content-Encoding the shop answered with (fetch hands over the decoded body). */
type Answer = { status: number; body: Buffer; type: string; setCookie: string[]; encoding?: string | null };

async function call(base: string, urlPath: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const once = () =>
    fetch(base + urlPath, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: { ...(init.body === undefined ? {} : { "content-type": "application/json" }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      redirect: "manual",
    });
  // After a load run the server may close an idle kept-alive socket as it is reused: one retry.
  const res = await once().catch(async (err: Error) => {
    await sleep(200);
    return once().catch((again: Error) => {
      throw new Error(`${urlPath}: ${again.message} (${String((again.cause as Error | undefined)?.message ?? err.cause ?? "")})`);
    });
  });
  return {
    status: res.status,
    body: Buffer.from(await res.arrayBuffer()),
    type: res.headers.get("content-type") ?? "",
    setCookie: res.headers.getSetCookie(),
    encoding: res.headers.get("content-encoding"),
  };
}

async function json<T>(base: string, urlPath: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  const answer = await call(base, urlPath, { body, headers });
  if (answer.status !== 200) throw new Error(`${urlPath} answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
  return JSON.parse(answer.body.toString()) as T;
}

/** Runs `work` on `items` with at most `limit` at a time. */
async function pool<T, R>(items: T[], limit: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!, i);
      }
    }),
  );
  return out;
}

// ---------------------------------------------------------------------------------------------
// The shop under test

async function prepareDatabase(env: NodeJS.ProcessEnv): Promise<void> {
  // Migrated and seeded before the server starts (and grown with --scale): the measured server
  // starts on a ready catalogue. PGlite is one process's, so this closes it again.
  const { openDatabase } = await import("../server/db/client");
  const { seedIfEmpty } = await import("../server/db/seed");
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
  try {
    await database.migrate();
    await seedIfEmpty(database);
    if (scale > 0) {
      const { scaleCatalogue } = await import("./lib/scale-catalogue");
      const started = Date.now();
      const total = await scaleCatalogue(database, scale, say);
      say(`scale: ${total} variants in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
  } finally {
    await database.close();
  }
}

let shop: ChildProcess | undefined;

/** SIGTERM and wait: the shop closes its database connections before the cluster goes away. */
async function stopShop(): Promise<void> {
  if (!shop || shop.exitCode !== null || shop.signalCode !== null) return;
  const exited = new Promise((resolve) => shop!.once("exit", resolve));
  shop.kill("SIGTERM");
  await Promise.race([exited, sleep(15_000)]);
}

async function startShop(env: NodeJS.ProcessEnv): Promise<string> {
  // --profile DIR: V8 CPU profiles of the shop's processes (written when they stop).
  const profile = option("profile");
  const nodeArgs = ["--import", "tsx", ...(profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profile)}`] : []), "server/main.ts"];
  const server = spawn(process.execPath, nodeArgs, { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] });
  children.push(server);
  shop = server;
  const base = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the shop exited with code ${server.exitCode}`);
    const health = await call(base, "/api/health").catch(() => undefined);
    if (health?.status === 200) return base;
    await sleep(300);
  }
  throw new Error("the shop did not answer /api/health within 180 s");
}

// ---------------------------------------------------------------------------------------------
// Targets

type Target = {
  name: string;
  /** Another shop's address (the peer's targets); the shop under test's otherwise. */
  base?: string;
  /** Made ready just before it is measured (e.g. carts to fill): nothing for targets not chosen. */
  prepare?: () => Promise<unknown>;
  /** One request's method, path, headers and body; `n` counts requests, for rotating inputs. */
  request: (n: number) => AutocannonRequest;
};

type Row = {
  name: string;
  reqPerS: number;
  p50: number;
  p90: number;
  /** From every response's time (autocannon's own percentiles skip p95). */
  p95: number;
  p97_5: number;
  p99: number;
  bytes: number;
  non2xx: number;
  errors: number;
  ceilingReqPerS?: number;
  ratio?: number;
};

function load(base: string, target: Target, seconds: number): Promise<AutocannonResult & { times: number[] }> {
  let n = 0;
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const run = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        requests: [{ setupRequest: (req) => ({ ...req, ...asBrowsersAsk(target.request(n++)) }) }],
      },
      (err, result) => (err ? reject(err) : resolve({ ...result, times })),
    );
    run.on("response", (_client, _status, _bytes, ms) => times.push(ms));
  });
}

/** The p-th percentile (0–100) of `values`, nearest rank, in whole milliseconds. */
function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
}

async function measure(base: string, target: Target): Promise<Row> {
  if (warmup > 0) await load(base, target, warmup);
  const r = await load(base, target, duration);
  const row: Row = {
    name: target.name,
    reqPerS: Math.round(r.requests.average),
    p50: r.latency.p50,
    p90: r.latency.p90,
    p95: percentile(r.times, 95),
    p97_5: r.latency.p97_5,
    p99: r.latency.p99,
    bytes: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
  say(
    `${target.name}: ${row.reqPerS} req/s, p50 ${row.p50} ms, p95 ${row.p95} ms, p99 ${row.p99} ms, ${row.bytes} B${row.non2xx || row.errors ? `, ${row.non2xx} non-2xx, ${row.errors} errors` : ""}`,
  );
  return row;
}

/** The same bytes from a bare node:http server in its own process: what the loopback and autocannon allow. */
async function ceiling(sample: Answer, request: AutocannonRequest): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "shop-bench-"));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, "body");
  writeFileSync(file, sample.encoding === "gzip" ? gzipSync(sample.body) : sample.body);
  const port = await freePort();
  const ref = fork(path.join(root, "bench/ref-server.mjs"), [String(port), file, sample.type], { stdio: "ignore" });
  children.push(ref);
  await new Promise<void>((resolve, reject) => {
    ref.once("message", () => resolve());
    ref.once("exit", (code) => reject(new Error(`ref-server exited with ${code}`)));
  });
  try {
    const row = await measure(`http://127.0.0.1:${port}`, { name: `ceiling (${sample.body.length} B)`, request: () => request });
    return row.reqPerS;
  } finally {
    ref.kill("SIGTERM");
  }
}

type ListedProduct = { handle: string; variants: { id: string; sku: string; variantURL: string; inStock: boolean }[] };

async function buildTargets(base: string) {
  const listing = await json<{ products: ListedProduct[] }>(base, "/api/cms/v1.0/get-products", { limit: 100, page: 1, filters: [], sort: "featured" });
  const products = listing.products;
  if (!products.length) throw new Error("get-products found no products");
  const inStock = products.flatMap((p) => p.variants.filter((v) => v.inStock));
  say(`${products.length} products, ${inStock.length} variants in stock to rotate over`);
  const productPath = `/products/${products[0]!.variants[0]!.variantURL.replace(/^\//, "")}`;

  // Carts for add-cart-line-items: each gets at most 8 single-unit lines of different variants, so
  // no line reaches its cap of 10 and no cart goes over the limit (every add does the full work).
  let addCarts: string[] = [];
  const prepareAddCarts = once(async () => {
    addCarts = await createCarts(base, Math.max(200, Math.ceil(((duration + warmup) * 1600) / 8)), () => []);
  });
  // Carts for place-order: one order each, with two lines (the first also shown by the cart page).
  let orderCarts: string[] = [];
  const prepareOrderCarts = once(async () => {
    orderCarts = await createCarts(base, Math.max(100, (duration + warmup) * 250), (i) => [
      { merchandiseId: inStock[i % inStock.length]!.id, quantity: 1 },
      { merchandiseId: inStock[(i * 7 + 3) % inStock.length]!.id, quantity: 1 },
    ]);
  });
  // Filter states and search texts that change with every request: listings the page cache and the
  // facet counts have not seen yet, as when shoppers spread over the catalogue.
  const options = filterOptions((await call(base, "/products")).body.toString());
  if (options.length < 2) throw new Error("the listing shows no filter options to vary");
  const sorts = ["featured", "price-asc", "price-desc", "name", "newest"];
  const words = [...new Set(options.filter((o) => o.name === "flavor" || o.name === "brand").map((o) => o.value.split("-")[0]!))];
  const variedListing = (n: number) => {
    const a = options[n % options.length]!;
    const b = options[(n * 7 + 3) % options.length]!;
    const params = new URLSearchParams([
      [a.name, a.value],
      ...(b.name === a.name ? [] : [[b.name, b.value]]),
      ["sort", sorts[n % sorts.length]!],
      ["page", String(1 + (n % 2))],
    ]);
    return `/products?${params}`;
  };
  const json_ = { "content-type": "application/json" } as const;
  const runId = randomBytes(4).toString("hex");

  const get = (name: string, urlPath: string, headers: Record<string, string> = {}): Target => ({
    name,
    request: () => ({ method: "GET", path: urlPath, headers }),
  });
  // A signed-in shopper with a two-line cart of their own, one order placed before and a checkout
  // begun: the pages as the shoppers who buy see them.
  let shopperCookie = "";
  const prepareShopper = once(async () => {
    const lines = (i: number) => [
      { merchandiseId: inStock[i % inStock.length]!.id, quantity: 1 },
      { merchandiseId: inStock[(i * 7 + 3) % inStock.length]!.id, quantity: 1 },
    ];
    const [ordered, cart] = await createCarts(base, 2, lines);
    const password = "kibble-bench-1";
    const res = await fetch(`${base}/shelter/register`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base, "x-forwarded-for": "198.20.0.1" },
      body: new URLSearchParams({ firstName: "Bench", lastName: "Shopper", email: `bench-${runId}@example.com`, password, confirmPassword: password }),
      redirect: "manual",
    });
    const session = res.headers.getSetCookie().find((c) => c.startsWith("sessionToken="));
    if (!session) throw new Error(`registration answered ${res.status} without a session`);
    const sessionCookie = session.split(";")[0]!;
    const placed = await fetch(`${base}/api/checkout/place-order`, {
      method: "POST",
      headers: { ...json_, origin: base, cookie: sessionCookie, "x-forwarded-for": "198.20.0.2" },
      body: JSON.stringify({ ...orderBody(`bench-${runId}-shopper`, `bench-${runId}@example.com`), cartId: ordered }),
    });
    if (!placed.ok) throw new Error(`the shopper's order answered ${placed.status}: ${await placed.text()}`);
    shopperCookie = `${sessionCookie}; col_cart_id=${cart}`;
    // The hand-off from the cart, then its signed link: the checkout's session is the shopper's.
    let next: string | null = "/checkout/start";
    let method = "POST";
    for (let hops = 0; next && hops < 5; hops++) {
      const step: Response = await fetch(new URL(next, base), {
        method,
        headers: { origin: base, cookie: shopperCookie, ...(method === "POST" ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
        body: method === "POST" ? "" : undefined,
        redirect: "manual",
      });
      await step.arrayBuffer();
      next = step.status >= 300 && step.status < 400 ? step.headers.get("location") : null;
      method = "GET";
      if (!next && step.status !== 200) throw new Error(`the checkout's hand-off answered ${step.status}`);
    }
  });
  const signedIn = (name: string, urlPath: string): Target => ({
    name: `${name}, signed in`,
    prepare: prepareShopper,
    request: () => ({ method: "GET", path: urlPath, headers: { cookie: shopperCookie } }),
  });
  const targets: Target[] = [
    get("home", "/"),
    get("listing /products", "/products"),
    get("category /products/dog", "/products/dog"),
    get("product page", productPath),
    get("search ?search=chicken", "/search?search=chicken"),
    { name: "listing (varied filters)", request: (n) => ({ method: "GET", path: variedListing(n) }) },
    {
      name: "search (varied text)",
      request: (n) => {
        // Two different words and a sort: words² × sorts texts, as many as the listing's states.
        const first = words[n % words.length]!;
        const second = words[(n + 1 + (Math.floor(n / words.length) % (words.length - 1))) % words.length]!;
        const sort = sorts[Math.floor(n / (words.length * (words.length - 1))) % sorts.length]!;
        return { method: "GET", path: `/search?search=${encodeURIComponent(`${first} ${second}`)}&sort=${sort}` };
      },
    },
    {
      name: "cart page (2 lines)",
      prepare: prepareOrderCarts,
      request: () => ({ method: "GET", path: "/cart", headers: { cookie: `col_cart_id=${orderCarts[0]}` } }),
    },
    signedIn("home", "/"),
    signedIn("listing /products", "/products"),
    signedIn("product page", productPath),
    // What a page the cache showed asks after it: the header's cart count.
    signedIn("header call /api/shopper", "/api/shopper"),
    signedIn("account dashboard", "/account/dashboard"),
    signedIn("my orders", "/account/orders"),
    signedIn("checkout, information step", "/checkout"),
    get("predictive search", "/search/suggest?q=chick"),
    {
      name: "add-cart-line-items",
      prepare: prepareAddCarts,
      request: (n) => {
        const cart = addCarts[n % addCarts.length]!;
        const round = Math.floor(n / addCarts.length);
        // A different variant each round for the same cart; rounds never exceed the 8 lines above.
        const variant = inStock[(n + round * 13) % inStock.length]!;
        return {
          method: "POST",
          path: "/api/ecom/v1.0/add-cart-line-items",
          headers: { ...json_ },
          body: JSON.stringify({ cartId: cart, lineItems: [{ merchandiseId: variant.id, quantity: 1 }] }),
        };
      },
    },
    {
      name: "get-cart",
      prepare: prepareAddCarts,
      request: (n) => ({
        method: "POST",
        path: "/api/ecom/v1.0/get-cart",
        headers: { ...json_ },
        body: JSON.stringify({ cartId: addCarts[n % addCarts.length] }),
      }),
    },
    {
      name: "place-order",
      prepare: prepareOrderCarts,
      request: (n) => ({
        method: "POST",
        path: "/api/checkout/place-order",
        // Card-testing limits count per client address: each simulated shopper has their own (TRUST_PROXY=1).
        headers: { ...json_, "x-forwarded-for": `198.18.${(n >> 8) & 255}.${n & 255}` },
        body: JSON.stringify({ ...orderBody(`bench-${runId}-${n}`, `bench${n}@example.com`), cartId: orderCarts[n % orderCarts.length] }),
      }),
    },
  ];
  return { targets, orderCarts: () => orderCarts.length };
}

/**
 * The peer's pages that ours have too, found through its GraphQL API: a product page, the category
 * listing with the most products, and the cart page of a session with two lines (added as its
 * storefront adds them). Every request comes from its own client address: EverShop limits requests
 * per address, which one load generator would otherwise hit at once.
 */
async function peerTargets(peerBase: string): Promise<Target[]> {
  const from = (n: number) => ({ "x-forwarded-for": `198.21.${(n >> 8) & 255}.${n & 255}` });
  const query = `{ products(filters:[{key:"limit",operation:eq,value:"50"}]) { items { sku url } } categories { items { url products { total } } } }`;
  const { data } = await json<{
    data: { products: { items: { sku: string; url: string }[] }; categories: { items: { url: string; products: { total: number } }[] } };
  }>(peerBase, "/api/graphql", { query }, from(0));
  const products = data.products.items;
  const product = products.find((p) => p.url.split("/").length === 3) ?? products[0];
  const listing = [...data.categories.items].sort((a, b) => b.products.total - a.products.total)[0];
  if (!product || !listing || products.length < 2) throw new Error(`${peerBase} lists no products to measure`);
  let cookie = "";
  const prepareCart = once(async () => {
    const home = await call(peerBase, "/", { headers: from(1) });
    cookie = home.setCookie.map((c) => c.split(";")[0]).join("; ");
    if (!cookie) throw new Error(`${peerBase}/ set no session cookie`);
    for (const sku of [products[0]!.sku, products[1]!.sku]) {
      const added = await call(peerBase, "/api/cart/mine/items", { body: { sku, qty: 1 }, headers: { ...from(1), cookie } });
      if (added.status !== 200) throw new Error(`${peerBase}: adding ${sku} to the cart answered ${added.status}`);
    }
  });
  const page = (name: string, urlPath: string, headers: () => Record<string, string> = () => ({})): Target => ({
    name: `EverShop ${name}`,
    base: peerBase,
    request: (n) => ({ method: "GET", path: urlPath, headers: { ...from(n + 2), ...headers() } }),
  });
  return [
    page("product page", product.url),
    page("listing", listing.url),
    { ...page("cart page (2 lines)", "/cart", () => ({ cookie })), prepare: prepareCart },
  ];
}

/** Ours against the peer's same page: how many times as many requests a second. */
const PEER_PAIRS = [
  ["product page, signed in", "EverShop product page"],
  ["listing /products, signed in", "EverShop listing"],
  ["cart page (2 lines)", "EverShop cart page (2 lines)"],
] as const;

/** A place-order body but its cart: a card that pays, standard shipping to a served ZIP. */
function orderBody(idempotencyKey: string, email: string) {
  return {
    idempotencyKey,
    email,
    shippingAddress: { firstName: "Bench", lastName: "Mark", address1: "1 Main St", city: "Aurora", provinceCode: "CO", zip: "80011" },
    shippingMethod: "standard",
    payment: { kind: "card", card: { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" } },
  };
}

/** The filter panel's options (checkbox name and value) on a listing page. */
function filterOptions(html: string): { name: string; value: string }[] {
  return [...html.matchAll(/<input\b[^>]*type="checkbox"[^>]*>/g)].flatMap(([tag]) => {
    const name = /\bname="([^"]+)"/.exec(tag)?.[1];
    const value = /\bvalue="([^"]+)"/.exec(tag)?.[1];
    return name && value ? [{ name, value }] : [];
  });
}

/** `work` run at most once; later calls share its promise. */
function once(work: () => Promise<void>): () => Promise<void> {
  let started: Promise<void> | undefined;
  return () => (started ??= work());
}

async function createCarts(base: string, count: number, lines: (i: number) => { merchandiseId: string; quantity: number }[]): Promise<string[]> {
  const started = Date.now();
  const ids = await pool(
    Array.from({ length: count }, (_, i) => i),
    16,
    async (i) => {
      // New guest carts are limited per client address: each prepared cart comes from its own (TRUST_PROXY=1).
      const from = { "x-forwarded-for": `198.19.${(i >> 8) & 255}.${i & 255}` };
      const created = await json<{ cart: { id: string } }>(base, "/api/ecom/v1.0/create-cart", { lineItems: lines(i) }, from);
      return created.cart.id;
    },
  );
  say(`prepared ${count} carts in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return ids;
}

// ---------------------------------------------------------------------------------------------

function table(rows: Row[]): string {
  const head = ["target", "req/s", "p50 ms", "p95 ms", "p99 ms", "bytes", "ceiling req/s", "% of ceiling", "non-2xx"];
  const lines = rows.map((r) => [
    r.name,
    String(r.reqPerS),
    String(r.p50),
    String(r.p95),
    String(r.p99),
    String(r.bytes),
    r.ceilingReqPerS ? String(r.ceilingReqPerS) : "",
    r.ratio !== undefined ? `${(r.ratio * 100).toFixed(1)} %` : "",
    String(r.non2xx + r.errors),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  return [fmt(head), `|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`, ...lines.map(fmt)].join("\n");
}

async function main(): Promise<number> {
  if (flag("build") || !existsSync(path.join(root, "build/server/index.js"))) {
    say("building: npx react-router build");
    const built = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
    if (built.status !== 0) return built.status ?? 1;
  }

  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    TRUST_PROXY: "1",
    // The bench database is migrated and seeded before the server starts.
    SEED_ON_START: "0",
    ...(workers ? { WEB_CONCURRENCY: workers } : {}),
    ...(flag("no-page-cache") ? { PAGE_CACHE: "off" } : {}),
  };
  delete env.DATABASE_URL;
  if (usePglite) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "shop-bench-pglite-"));
    onCleanup(() => rmSync(dir, { recursive: true, force: true }));
    env.PGLITE_DIR = path.join(dir, "db");
  } else {
    const cluster = await startCluster(say);
    env.DATABASE_URL = await createDatabase(cluster, `bench_${randomBytes(4).toString("hex")}`);
  }
  await prepareDatabase(env);
  const base = await startShop(env);
  say(`shop on ${base} (${usePglite ? "PGlite" : "PostgreSQL"}${workers ? `, WEB_CONCURRENCY=${workers}` : ""})`);

  const { targets: ours, orderCarts } = await buildTargets(base);
  const all = peer ? [...ours, ...(await peerTargets(peer))] : ours;
  const targets = only ? all.filter((t) => only.some((o) => t.name.startsWith(o))) : all;
  const rows: Row[] = [];
  const samples: { sample: Answer; request: AutocannonRequest }[] = [];
  for (const target of targets) {
    await target.prepare?.();
    const request = asBrowsersAsk(target.request(0));
    // autocannon adds content-length to the headers it sends: not for this request.
    const { "content-length": _length, ...headers } = request.headers ?? {};
    const sample = await call(target.base ?? base, request.path, {
      method: request.method,
      headers,
      body: request.body ? JSON.parse(request.body) : undefined,
    }).catch((err: Error): Answer => ({ status: 0, body: Buffer.from(err.message), type: "", setCookie: [] }));
    if (sample.status >= 400 || sample.status === 0) say(`warning: ${target.name} answered ${sample.status}: ${sample.body.toString().slice(0, 200)}`);
    samples.push({ sample, request });
    rows.push(await measure(target.base ?? base, target));
  }
  // Each target's ceiling: its own bytes from a bare node:http server, after the shop is measured
  // (so the shop's numbers are not taken on a machine still busy with the reference server).
  for (const [i, row] of rows.entries()) {
    const c = await ceiling(samples[i]!.sample, samples[i]!.request);
    Object.assign(row, { ceilingReqPerS: c, ratio: row.reqPerS / c });
  }

  const when = new Date().toISOString();
  const label = `${usePglite ? "pglite" : "postgres"}${scale ? `-scale${scale}` : ""}${flag("no-page-cache") ? "-nocache" : ""}${gzip ? "-gzip" : ""}`;
  console.log(`\n${label}, ${connections} connections, ${duration} s per target after ${warmup} s warm-up, ${os.cpus().length} cores, ${when}\n`);
  console.log(table(rows));
  for (const [mine, theirs] of PEER_PAIRS) {
    const [a, b] = [rows.find((r) => r.name === mine), rows.find((r) => r.name === theirs)];
    if (a && b?.reqPerS) console.log(`${mine}: ${(a.reqPerS / b.reqPerS).toFixed(1)}× ${theirs}`);
  }
  if (orderCarts()) console.log(`\nplace-order: ${orderCarts()} prepared carts, one order each (later requests replay or fail).`);
  mkdirSync(path.join(root, "bench/results"), { recursive: true });
  const file = path.join(root, "bench/results", `${when.replaceAll(":", "-").slice(0, 19)}-${label}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        when,
        database: usePglite ? "pglite" : "postgres",
        pageCache: !flag("no-page-cache"),
        gzip,
        scale,
        connections,
        duration,
        warmup,
        workers: workers ?? null,
        peer: peer ?? null,
        cores: os.cpus().length,
        rows,
      },
      null,
      2,
    ) + "\n",
  );
  say(`results: ${path.relative(root, file)}`);
  return 0;
}

// The shop closes its database connections before the cluster goes away.
await run(main, { stack: true, beforeCleanup: stopShop });
