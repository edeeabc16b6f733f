import { fork, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import { chmodSync, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import pg from "pg";
import { ensureVarnish } from "./ensure-system-deps";
import { autocannon, type AutocannonRequest, type AutocannonResult } from "./lib/autocannon";
import { createDatabase, freePort, sleep, startCluster, type Cluster } from "./lib/pg-cluster";
import { PGBOUNCER_PID_FILE, startPgbouncer, type Pgbouncer } from "./lib/pgbouncer";
import { ensureProductionBuild, onCleanup, runChild, startScript } from "./lib/script-process";

/**
 * `npm run test:deploy`: the reference production topology of docs/deploy.md on loopback ports,
 * from Debian packages instead of containers — PostgreSQL, PgBouncer in transaction mode, two shop
 * "machines" (one process each, on their own ports, every query through PgBouncer and the change
 * notices on a direct connection), one renewal worker, and Varnish in front as the shared cache
 * and load balancer (deploy/varnish/shop.vcl) — then the checks below under a bounded load, and
 * everything torn down again (also on failure and Ctrl-C).
 *
 *  1. Two nodes racing the first start on an empty database migrate and seed it once.
 *  2. A guest page comes from the shared cache the second time; a price change committed in the
 *     database is on the next request (purged); a stock change of one product purges its pages
 *     only (another product's page stays a hit); a page with a cart or a session is never stored.
 *  3. One node killed (SIGKILL) under load: every GET still succeeds, the proxy stops sending to it
 *     within seconds, and no order is lost or doubled (shoppers retry with the same idempotency key).
 *  4. A rolling restart (SIGTERM, start; one node, then the other) under load: no failed request.
 *  5. PostgreSQL restarted under load, then PgBouncer: /api/ready goes 503 and back, a request
 *     meanwhile is answered 503 with Retry-After (never 500), the shop recovers without a restart,
 *     and no order is half-written.
 *  6. Backup, place an order, restore: the order is gone, everything before it intact; a file that
 *     is not a backup is refused.
 *
 * `-- --bench`: after check 2, measures the issue's goal figures instead of the fault checks (guest
 * pages through the shared cache against a bare node:http server sending the same bytes; uncached
 * pages through the proxy with two shops against one). A measurement, not a test.
 */

const root = path.resolve(import.meta.dirname, "..");
const { say, sayError, run } = startScript("test:deploy");
const runId = randomBytes(3).toString("hex");
const benchOnly = process.argv.includes("--bench");

// ---------------------------------------------------------------------------------------------
// The topology

type Node = { name: string; port: number; proc?: ChildProcess; exited?: Promise<void>; log: string };

class CheckFailed extends Error {}
function check(ok: unknown, message: string): asserts ok {
  if (!ok) throw new CheckFailed(message);
}

let tmp = "";
const VARNISH_PID_FILE = "varnish.pid";
let nodeEnv: NodeJS.ProcessEnv = {};

function startProcess(script: string, env: NodeJS.ProcessEnv, logFile: string): ChildProcess {
  const out = createWriteStream(logFile, { flags: "a" });
  // node --import tsx: one process (the tsx CLI would put a parent between us and the shop, and a
  // SIGKILL to it would leave the shop running).
  const child = spawn(process.execPath, ["--import", "tsx", script], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  onCleanup(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  return child;
}

function startNode(node: Node): void {
  node.proc = startProcess("server/main.ts", { ...nodeEnv, PORT: String(node.port) }, node.log);
  const proc = node.proc;
  node.exited = new Promise((resolve) => proc.once("exit", () => resolve()));
}

async function getStatus(url: string): Promise<number> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
    await res.body?.cancel();
    return res.status;
  } catch {
    return 0;
  }
}

/**
 * Two requests on one kept-alive connection straight to a node, 8 s apart. A proxy reuses an idle
 * backend connection for up to a minute; a node that closed it sooner races the proxy's next
 * request on it. Says what went wrong, or null.
 */
async function idleKeepAlive(node: Node): Promise<string | null> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
      const req = http.get({ host: "127.0.0.1", port: node.port, path: "/api/health", agent }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
      });
      req.on("error", reject);
    });
  try {
    await get();
    await sleep(8000);
    const second = await get();
    if (second.status !== 200) return `answered ${second.status}`;
    return second.reused ? null : "the node had closed it";
  } finally {
    agent.destroy();
  }
}

async function waitFor(what: string, seconds: number, test: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < seconds * 1000) {
    if (await test()) return (Date.now() - started) / 1000;
    await sleep(100);
  }
  throw new CheckFailed(`${what}: not within ${seconds} s`);
}

const nodeReady = (node: Node) => waitFor(`${node.name} ready`, 180, async () => (await getStatus(`http://127.0.0.1:${node.port}/api/ready`)) === 200);

/** Varnish's view of each backend (`varnishadm backend.list`): name → healthy. */
function backendHealth(varnishDir: string): Map<string, boolean> {
  const out = spawnSync("varnishadm", ["-n", varnishDir, "backend.list"], { encoding: "utf8" }).stdout ?? "";
  const health = new Map<string, boolean>();
  for (const line of out.split("\n")) {
    const m = /^\S*\.(node_[a-z])\s.*\b(healthy|sick)\b/.exec(line);
    if (m) health.set(m[1]!, m[2] === "healthy");
  }
  return health;
}

async function startVarnish(nodes: Node[], port: number): Promise<string> {
  const varnishd = ensureVarnish();
  // Its own directory: Varnish compiles the VCL as its own unprivileged user, which cannot enter
  // the cluster's directory.
  const vclDir = mkdtempSync(path.join(os.tmpdir(), "shop-test-deploy-varnish-"));
  chmodSync(vclDir, 0o755);
  onCleanup(() => rmSync(vclDir, { recursive: true, force: true }));
  const dir = path.join(vclDir, "work");
  writeFileSync(
    path.join(vclDir, "backends.vcl"),
    [
      ...nodes.map(
        (n) => `backend ${n.name} { .host = "127.0.0.1"; .port = "${n.port}"; .probe = shop_ready; .connect_timeout = 1s; .first_byte_timeout = 30s; }`,
      ),
      `acl purgers { "127.0.0.1"; }`,
      `sub vcl_init {`,
      ...nodes.map((n) => `  shops.add_backend(${n.name});`),
      `}`,
      "",
    ].join("\n"),
  );
  const pidFile = path.join(tmp, VARNISH_PID_FILE);
  const proc = spawn(
    varnishd,
    [
      "-F",
      "-n",
      dir,
      "-a",
      `127.0.0.1:${port}`,
      "-f",
      path.join(root, "deploy/varnish/shop.vcl"),
      "-p",
      `vcl_path=${vclDir}:${path.join(root, "deploy/varnish")}`,
      "-s",
      "malloc,128m",
      "-P",
      pidFile,
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  onCleanup(() => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGTERM");
  });
  await waitFor("Varnish answering", 30, async () => (await getStatus(`http://127.0.0.1:${port}/`)) !== 0);
  return dir;
}

// ---------------------------------------------------------------------------------------------
// Shoppers: bounded load through the proxy

type Tally = {
  gets: number;
  getFailures: number;
  posts: number;
  postFailures: number;
  retried: number;
  /** Answers 500: a database or pooler away for a moment must answer 503 (try again), never "internal error". */
  internalErrors: number;
  orders: Map<string, string>;
  failed: string[];
};
const newTally = (): Tally => ({ gets: 0, getFailures: 0, posts: 0, postFailures: 0, retried: 0, internalErrors: 0, orders: new Map(), failed: [] });

let proxy = "";
let productPath = "";
let variantIds: string[] = [];
let shopperSeq = 0;
/** A person's browser: crawlers' pages are not shared (server/http/page-cache.ts). */
const BROWSER = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36" };

async function request(
  method: "GET" | "POST",
  urlPath: string,
  body?: unknown,
  from?: string,
): Promise<{ status: number; json?: unknown; text: string; headers: Headers }> {
  const res = await fetch(proxy + urlPath, {
    method,
    headers: { ...BROWSER, ...(body ? { "content-type": "application/json" } : {}), ...(from ? { "x-forwarded-for": from } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  let json: unknown;
  if ((res.headers.get("content-type") ?? "").includes("json")) json = JSON.parse(text);
  return { status: res.status, json, text, headers: res.headers };
}

/** A POST as a shopper's browser would retry it: the same body (and idempotency key), a few times. */
async function post(tally: Tally, urlPath: string, body: unknown, from: string, retries: number): Promise<unknown> {
  tally.posts++;
  for (let attempt = 0; ; attempt++) {
    const answer = await request("POST", urlPath, body, from).catch((err: Error) => err);
    if (!(answer instanceof Error) && answer.status < 300) return answer.json;
    if (attempt === 0) tally.postFailures++;
    if (!(answer instanceof Error) && answer.status === 500) tally.internalErrors++;
    if (tally.failed.length < 5)
      tally.failed.push(`POST ${urlPath}: ${answer instanceof Error ? answer.message : `${answer.status} ${answer.text.slice(0, 120)}`}`);
    if (attempt >= retries) return undefined;
    tally.retried++;
    await sleep(500);
  }
}

/**
 * One shopper until `until` (or `stopped()`): a product page — every other one a URL the shared cache
 * has not seen, so the shop renders it —, a new cart with a line, and an order of it.
 */
async function shopper(tally: Tally, until: number, retries: number, stopped = () => false): Promise<void> {
  while (Date.now() < until && !stopped()) {
    const n = shopperSeq++;
    // Each shopper's requests come from an address of its own (the shop's per-address limits).
    const from = `198.18.${(n >> 8) & 255}.${n & 255}`;
    tally.gets++;
    const url = new URL(productPath, proxy);
    if (n % 2) url.searchParams.set("visit", `${runId}-${n}`);
    const page = await request("GET", url.pathname + url.search).catch((err: Error) => err);
    if (page instanceof Error || page.status !== 200) {
      tally.getFailures++;
      if (!(page instanceof Error) && page.status === 500) tally.internalErrors++;
      if (tally.failed.length < 5) tally.failed.push(`GET ${url.pathname}: ${page instanceof Error ? page.message : page.status}`);
    }
    const cart = (await post(
      tally,
      "/api/ecom/v1.0/create-cart",
      { lineItems: [{ merchandiseId: variantIds[n % variantIds.length], quantity: 1 }] },
      from,
      retries,
    )) as { cart: { id: string } } | undefined;
    if (!cart) continue;
    const key = `deploy-${runId}-${n}`;
    const placed = (await post(
      tally,
      "/api/checkout/place-order",
      {
        cartId: cart.cart.id,
        idempotencyKey: key,
        email: `deploy${n}@example.com`,
        shippingAddress: { firstName: "Deploy", lastName: "Check", address1: "1 Main St", city: "Aurora", provinceCode: "CO", zip: "80011" },
        shippingMethod: "standard",
        payment: { kind: "card", card: { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" } },
      },
      from,
      retries,
    )) as { order?: { id?: string } } | undefined;
    if (placed?.order?.id) tally.orders.set(key, placed.order.id);
  }
}

/** Six shoppers for at most `seconds`, or until `stop()`. */
function underLoad(seconds: number, retries: number): { tally: Tally; done: Promise<void>; stop(): Promise<void> } {
  const tally = newTally();
  const until = Date.now() + seconds * 1000;
  let stopped = false;
  const done = Promise.all(Array.from({ length: 6 }, () => shopper(tally, until, retries, () => stopped))).then(() => {});
  return {
    tally,
    done,
    stop: () => {
      stopped = true;
      return done;
    },
  };
}

const summary = (t: Tally) =>
  `${t.gets} page views (${t.getFailures} failed), ${t.posts} posts (${t.postFailures} failed at the first try, ${t.retried} retries), ${t.orders.size} orders` +
  (t.failed.length ? `; failures: ${t.failed.join(" | ")}` : "");

// ---------------------------------------------------------------------------------------------
// Database checks

async function sqlRows<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * Every order acknowledged to a shopper is there, exactly once and with the id it was told, and no
 * order lacks its lines. (The shop scopes a checkout's key by its cart: `checkout:…:<key>`.)
 */
async function ordersIntact(db: string, tally: Tally, phase: string): Promise<void> {
  const rows = await sqlRows<{ key: string; id: string }>(
    db,
    "select substring(idempotency_key from ':(deploy-[^:]+)$') as key, id from orders where idempotency_key like $1",
    [`%:deploy-${runId}-%`],
  );
  const stored = new Map<string, string[]>();
  for (const row of rows) stored.set(row.key, [...(stored.get(row.key) ?? []), row.id]);
  const lost = [...tally.orders].filter(([key, id]) => !stored.get(key)?.includes(id));
  check(
    lost.length === 0,
    `${phase}: ${lost.length} acknowledged orders are missing (${lost
      .slice(0, 3)
      .map(([k]) => k)
      .join(", ")})`,
  );
  const doubled = [...stored].filter(([, ids]) => ids.length > 1);
  check(doubled.length === 0, `${phase}: ${doubled.length} orders placed twice`);
  const [half] = await sqlRows<{ n: string }>(
    db,
    "select count(*)::text as n from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)",
  );
  check(half?.n === "0", `${phase}: ${half?.n} orders without lines`);
  say(`  ${phase}: ${tally.orders.size} acknowledged orders each stored once, none half-written`);
}

// ---------------------------------------------------------------------------------------------
// Goal figures (--bench)

async function rate(name: string, base: string, request: (n: number) => AutocannonRequest): Promise<number> {
  const once = (seconds: number) =>
    new Promise<AutocannonResult>((resolve, reject) => {
      let n = 0;
      autocannon({ url: base, connections: 50, duration: seconds, requests: [{ setupRequest: (req) => ({ ...req, ...request(n++) }) }] }, (err, result) =>
        err ? reject(err) : resolve(result),
      );
    });
  await once(2);
  const result = await once(10);
  const perSecond = Math.round(result.requests.average);
  say(`  ${name}: ${perSecond} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx, ${result.errors} errors`);
  return perSecond;
}

async function goalFigures(varnishDir: string, second: string): Promise<void> {
  say("goal figures (50 connections, 10 s each after 2 s of warm-up, everything on this machine)");
  const asked = { ...BROWSER, "accept-encoding": "gzip" };
  const page = await fetch(proxy + productPath, { headers: asked });
  const body = Buffer.from(await page.arrayBuffer());
  const file = path.join(tmp, "page.body");
  writeFileSync(file, page.headers.get("content-encoding") === "gzip" ? gzipSync(body) : body);
  const refPort = await freePort();
  const ref = fork(path.join(root, "bench/ref-server.mjs"), [String(refPort), file, "text/html; charset=utf-8"], { stdio: "ignore" });
  onCleanup(() => ref.kill("SIGKILL"));
  await new Promise((resolve) => ref.once("message", resolve));
  const bare = await rate("bare node:http, the same bytes", `http://127.0.0.1:${refPort}`, () => ({ method: "GET", path: "/" }));
  ref.kill("SIGTERM");
  const shared = await rate("guest product page through Varnish", proxy, () => ({ method: "GET", path: productPath, headers: asked }));
  const uncached = (n: number): AutocannonRequest => {
    const url = new URL(productPath, proxy);
    url.searchParams.set("visit", `bench-${runId}-${n}`);
    return { method: "GET", path: url.pathname + url.search, headers: asked };
  };
  const two = await rate("uncached product pages through Varnish, two shops", proxy, (n) => uncached(n));
  spawnSync("varnishadm", ["-n", varnishDir, "backend.set_health", second, "sick"]);
  const one = await rate("the same, one shop", proxy, (n) => uncached(n + 1e6));
  spawnSync("varnishadm", ["-n", varnishDir, "backend.set_health", second, "auto"]);
  say(`  shared cache ÷ bare node:http: ${(shared / bare).toFixed(2)} (goal ≥ 0.80); two shops ÷ one: ${(two / one).toFixed(2)} (goal ≥ 1.80)`);
}

// ---------------------------------------------------------------------------------------------

/** What a shop answers directly (not through the proxy, which drops Surrogate-Key): the page's keys. */
async function surrogateKeysOf(node: Node, urlPath: string): Promise<string[]> {
  const res = await fetch(`http://127.0.0.1:${node.port}${urlPath}`, { headers: BROWSER, signal: AbortSignal.timeout(20_000) });
  await res.body?.cancel();
  return (res.headers.get("surrogate-key") ?? "").split(" ").filter(Boolean);
}

const edgeHit = (res: { headers: Headers }) => /edge; hit/.test(res.headers.get("cache-status") ?? "");

/**
 * A stock change (every order makes one) purges the pages of that product only: product A's page
 * is fetched anew, product B's stays in the shared cache through the purge and the settling one
 * after it; a price change of B is on its next request.
 */
async function stockPurgesOneProduct(direct: string, node: Node, products: { variants: { id: string; variantURL: string }[] }[]): Promise<void> {
  // The price change before this one purges its keys again two seconds after its notice: let it pass.
  await sleep(2500);
  const pages = await Promise.all(
    products.slice(0, 6).map(async (p) => {
      const variant = p.variants[0]!;
      const [row] = await sqlRows<{ product: string }>(direct, "select product_id::text as product from variants where id = $1", [variant.id]);
      return { variantId: variant.id, product: row!.product, path: `/products/${variant.variantURL.replace(/^\//, "")}` };
    }),
  );
  const a = pages[0]!;
  check((await surrogateKeysOf(node, a.path)).includes(`p:${a.product}`), `product A's page does not name its product in its Surrogate-Key`);
  // B: a product whose page does not show A (no card of A in its carousels).
  let b: (typeof pages)[number] | undefined;
  for (const page of pages.slice(1)) if (!(await surrogateKeysOf(node, page.path)).includes(`p:${a.product}`)) b = b ?? page;
  check(b, "every product page shows product A");
  for (const page of [a, b]) {
    await request("GET", page.path);
    check(edgeHit(await request("GET", page.path)), `${page.path} was not kept by the shared cache`);
  }
  await sqlRows(direct, "update inventory set on_hand = on_hand + 1 where variant_id in (select id from variants where product_id = $1)", [a.product]);
  const purged = await waitFor("product A's page purged after its stock changed", 5, async () => !edgeHit(await request("GET", a.path)));
  // Past the settling purge too (two seconds after the notice).
  await sleep(2500);
  const kept = await request("GET", b.path);
  check(edgeHit(kept), `product B's page was purged by product A's stock change: Cache-Status ${kept.headers.get("cache-status")}`);
  check(Number(kept.headers.get("age")) >= 2, `product B's page was fetched anew (Age ${kept.headers.get("age")})`);
  say(
    `  stock of product A changed: its page purged after ${purged.toFixed(1)} s; product B's page still ${kept.headers.get("cache-status")}, Age ${kept.headers.get("age")}`,
  );
  await sqlRows(direct, "update variants set price_cents = 8765 where id = $1", [b.variantId]);
  const repriced = await waitFor("B's new price through the proxy", 5, async () => (await request("GET", b.path)).text.includes("87.65"));
  say(`  price of product B changed: served through the proxy after ${repriced.toFixed(1)} s`);
}

async function main(): Promise<number> {
  const started = Date.now();
  const built = await ensureProductionBuild(say);
  if (built !== 0) return built;
  ensureVarnish();
  const cluster: Cluster = await startCluster(say, { dirPrefix: "shop-test-deploy-", watchdogPidFiles: [PGBOUNCER_PID_FILE, VARNISH_PID_FILE] });
  tmp = cluster.dir;
  const direct = await createDatabase(cluster, "shop");
  const bouncer: Pgbouncer = await startPgbouncer(cluster, say);
  const varnishPort = await freePort();
  proxy = `http://127.0.0.1:${varnishPort}`;
  nodeEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    DATABASE_URL: bouncer.url("shop"),
    // PgBouncer in transaction mode does not carry LISTEN/NOTIFY: change notices come directly.
    DATABASE_LISTEN_URL: direct,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    WEB_CONCURRENCY: "1",
    LOG_LEVEL: "info",
    AUTOSHIP_SCHEDULER: "off",
    // The load comes from many simulated shoppers behind the proxy (their address in X-Forwarded-For).
    TRUST_PROXY: "true",
    TRUST_PROXY_HOPS: "2",
    SHARED_CACHE_MAX_AGE: "300",
    SHARED_CACHE_PURGE_URLS: `${proxy}/`,
    // Varnish's probe (every second, out after two failures) sees /api/ready turn 503 well before this.
    SHUTDOWN_DELAY_SECONDS: "5",
  };
  const nodes: Node[] = ["node_a", "node_b"].map((name) => ({ name, port: 0, log: path.join(tmp, `${name}.log`) }));
  for (const node of nodes) node.port = await freePort();

  // In front first, as in production: the nodes purge it from their first change notice on.
  const varnishDir = await startVarnish(nodes, varnishPort);

  // 1. Two nodes racing the first start.
  say(`1. two nodes start at once on an empty database (logs in ${tmp})`);
  nodes.forEach(startNode);
  await Promise.all(nodes.map(nodeReady));
  const journal = JSON.parse(readFileSync(path.join(root, "drizzle/meta/_journal.json"), "utf8")) as { entries: unknown[] };
  const migrations = await sqlRows<{ n: string; distinct: string }>(
    direct,
    "select count(*)::text as n, count(distinct hash)::text as distinct from drizzle.__drizzle_migrations",
  );
  check(migrations[0]?.n === String(journal.entries.length), `migrations recorded ${migrations[0]?.n} times for ${journal.entries.length} migrations`);
  const seeded = nodes.map((n) => (readFileSync(n.log, "utf8").match(/seeded the catalogue/g) ?? []).length).reduce((a, b) => a + b, 0);
  check(seeded === 1, `the catalogue was seeded ${seeded} times`);
  say(`  ${journal.entries.length} migrations applied once, the catalogue seeded once`);
  // Runs beside the checks below and is awaited after the shared-cache check.
  const keptAlive = idleKeepAlive(nodes[0]!).catch((error: unknown) => String(error));
  const worker = startProcess("scripts/worker.ts", { ...nodeEnv, AUTOSHIP_INTERVAL_SECONDS: "5" }, path.join(tmp, "worker.log"));
  await waitFor("both nodes healthy in Varnish", 30, async () => [...backendHealth(varnishDir).values()].filter(Boolean).length === 2);
  say(`  Varnish on ${proxy} sends to both nodes; one renewal worker runs`);

  // Enough stock for every order the load places: an answer "out of stock" is right, but not what is measured.
  await sqlRows(direct, "update inventory set on_hand = on_hand + 100000");
  const listing = (await request("POST", "/api/cms/v1.0/get-products", { limit: 40, page: 1, filters: [], sort: "featured" })).json as {
    products: { variants: { id: string; variantURL: string; inStock: boolean }[] }[];
  };
  variantIds = listing.products.flatMap((p) => p.variants.filter((v) => v.inStock).map((v) => v.id));
  const first = listing.products[0]!.variants[0]!;
  productPath = `/products/${first.variantURL.replace(/^\//, "")}`;

  // 2. The shared cache.
  say("2. the shared cache");
  await request("GET", productPath);
  const again = await request("GET", productPath);
  check(
    /edge; hit/.test(again.headers.get("cache-status") ?? ""),
    `a guest product page was not served from the shared cache: Cache-Status ${again.headers.get("cache-status")}`,
  );
  check(again.headers.has("age"), "a shared page carries no Age");
  say(`  guest product page: ${again.headers.get("cache-status")}, Age ${again.headers.get("age")}`);
  await sqlRows(direct, "update variants set price_cents = 9876 where id = $1", [first.id]);
  const repriced = await waitFor("the new price through the proxy", 5, async () => (await request("GET", productPath)).text.includes("98.76"));
  say(`  price changed in the database: the new price is served through the proxy after ${repriced.toFixed(1)} s (purged by surrogate key)`);
  await stockPurgesOneProduct(direct, nodes[0]!, listing.products);
  const cart = (await request("POST", "/api/ecom/v1.0/create-cart", { lineItems: [{ merchandiseId: first.id, quantity: 1 }] }, "198.19.0.1")).json as {
    cart: { id: string };
  };
  for (const cookie of [`col_cart_id=${cart.cart.id}`, `sessionToken=${randomBytes(16).toString("hex")}`]) {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(proxy + (cookie.startsWith("col") ? "/cart" : productPath), { headers: { ...BROWSER, cookie } });
      await res.body?.cancel();
      const status = res.headers.get("cache-status") ?? "";
      check(/edge; fwd=bypass/.test(status) && !/edge; hit/.test(status), `a personal page went through the shared cache: ${status}`);
      check(/private|no-store/.test(res.headers.get("cache-control") ?? ""), `a personal page says ${res.headers.get("cache-control")}`);
    }
  }
  say("  a page with a cart or a session cookie is never stored (edge; fwd=bypass, private)");

  const keepAliveFailure = await keptAlive;
  check(keepAliveFailure === null, `a kept-alive connection idle 8 s: ${keepAliveFailure}`);
  say("  a connection kept alive and idle for 8 s is still open for the next request (as Varnish reuses them)");

  if (benchOnly) {
    await goalFigures(varnishDir, nodes[1]!.name);
    return 0;
  }

  // 3. SIGKILL under load.
  say("3. one node killed with SIGKILL under load");
  const killLoad = underLoad(12, 3);
  await sleep(3000);
  nodes[0]!.proc!.kill("SIGKILL");
  const killedAt = Date.now();
  const out = await waitFor("Varnish taking the killed node out", 10, async () => backendHealth(varnishDir).get(nodes[0]!.name) === false);
  await killLoad.done;
  say(`  ${summary(killLoad.tally)}; Varnish took the dead node out after ${out.toFixed(1)} s`);
  check(killLoad.tally.getFailures === 0, `${killLoad.tally.getFailures} page views failed while a node died`);
  check(killLoad.tally.orders.size > 0, "no order was placed under load");
  await ordersIntact(direct, killLoad.tally, "after the kill");
  startNode(nodes[0]!);
  await nodeReady(nodes[0]!);
  await waitFor("the restarted node healthy in Varnish", 30, async () => backendHealth(varnishDir).get(nodes[0]!.name) === true);
  say(`  the killed node is back in ${((Date.now() - killedAt) / 1000).toFixed(1)} s`);

  // 4. Rolling restart.
  say("4. rolling restart under load");
  const rollLoad = underLoad(3600, 0);
  for (const node of nodes) {
    await sleep(1500);
    node.proc!.kill("SIGTERM");
    await Promise.race([node.exited, sleep(30_000)]);
    check(node.proc!.exitCode === 0, `${node.name} exited with ${node.proc!.exitCode ?? node.proc!.signalCode} after SIGTERM`);
    startNode(node);
    await nodeReady(node);
    await waitFor(`${node.name} healthy in Varnish again`, 30, async () => backendHealth(varnishDir).get(node.name) === true);
  }
  await sleep(1500);
  await rollLoad.stop();
  say(`  ${summary(rollLoad.tally)}`);
  check(rollLoad.tally.getFailures === 0 && rollLoad.tally.postFailures === 0, "requests failed during the rolling restart");
  await ordersIntact(direct, rollLoad.tally, "after the rolling restart");

  // 5. PostgreSQL, then PgBouncer, restarted under load.
  for (const [name, restart] of [
    // Down for two seconds, as a failover or a restart with recovery would be.
    ["PostgreSQL", () => cluster.restart(2)],
    [
      "PgBouncer",
      async () => {
        await bouncer.stop();
        await sleep(2000);
        await bouncer.start();
      },
    ],
  ] as const) {
    say(`5. ${name} restarted under load`);
    const load = underLoad(3600, 12);
    await sleep(2000);
    const seen: number[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const status = await getStatus(`http://127.0.0.1:${nodes[1]!.port}/api/ready`);
        if (seen.at(-1) !== status) seen.push(status);
        await sleep(100);
      }
    })();
    await restart();
    await waitFor(`/api/ready back after the ${name} restart`, 30, async () => seen.includes(503) && seen.at(-1) === 200).catch((err: Error) => {
      throw new CheckFailed(`${err.message} (it answered ${seen.join(" → ")})`);
    });
    watching = false;
    await watcher;
    await sleep(2000);
    await load.stop();
    say(`  /api/ready went ${seen.join(" → ")}; ${summary(load.tally)}`);
    const after = newTally();
    await shopper(after, Date.now() + 2000, 0);
    check(
      after.getFailures === 0 && after.postFailures === 0 && after.orders.size > 0,
      `the shop did not recover after the ${name} restart: ${summary(after)}`,
    );
    check(load.tally.internalErrors === 0, `${load.tally.internalErrors} answers said 500 while ${name} restarted (expected 503, try again)`);
    await ordersIntact(direct, load.tally, `after the ${name} restart`);
  }

  // 6. Backup, order, restore.
  say("6. backup, an order, restore");
  const backup = path.join(tmp, "shop.backup");
  const dbEnv = { ...process.env, DATABASE_URL: direct };
  check((await runChild("npx", ["tsx", "scripts/db-backup.ts", "backup", backup], { env: dbEnv })) === 0, "db:backup failed");
  const [before] = await sqlRows<{ n: string }>(direct, "select count(*)::text as n from orders");
  const lastOrder = newTally();
  await shopper(lastOrder, Date.now() + 1, 0);
  check(lastOrder.orders.size === 1, "the order after the backup was not placed");
  // A restore wants the database to itself: the shop, the worker and the pooler's connections stopped.
  worker.kill("SIGTERM");
  for (const node of nodes) node.proc!.kill("SIGTERM");
  await Promise.all([...nodes.map((n) => n.exited), new Promise((resolve) => worker.once("exit", resolve))]);
  await bouncer.stop();
  const notBackup = path.join(tmp, "not-a-backup");
  writeFileSync(notBackup, "hello");
  check((await runChild("npx", ["tsx", "scripts/db-backup.ts", "restore", notBackup], { env: dbEnv })) !== 0, "restore took a file that is not a backup");
  check((await runChild("npx", ["tsx", "scripts/db-backup.ts", "restore", backup], { env: dbEnv })) === 0, "db:restore failed");
  const [restored] = await sqlRows<{ n: string; last: string }>(
    direct,
    "select count(*)::text as n, count(*) filter (where id = $1)::text as last from orders",
    [[...lastOrder.orders.values()][0]],
  );
  check(
    restored?.n === before?.n && restored?.last === "0",
    `after the restore: ${restored?.n} orders (before the backup ${before?.n}), the later order ${restored?.last === "0" ? "gone" : "still there"}`,
  );
  say(`  restored: ${restored?.n} orders as before the backup, the later one gone; a file that is not a backup was refused`);

  say(`PASSED in ${Math.round((Date.now() - started) / 1000)} s`);
  return 0;
}

await run(
  () =>
    main().catch((err: unknown) => {
      if (!(err instanceof CheckFailed)) throw err;
      sayError(`FAILED: ${err.message}`);
      for (const name of ["node_a", "node_b", "worker"]) {
        const file = path.join(tmp, `${name}.log`);
        if (existsSync(file)) sayError(`last lines of ${name}'s log:\n${readFileSync(file, "utf8").split("\n").slice(-25).join("\n")}`);
      }
      return 1;
    }),
  { stack: true },
);
