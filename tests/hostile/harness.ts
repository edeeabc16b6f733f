import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { createRequestHandler, type ServerBuild } from "react-router";
import routeTable from "../../app/routes";
import { createApp, type PageHandler } from "../../server/app";
import { createPageCache } from "../../server/http/page-cache";
import { parseConfig } from "../../server/config";
import { createDeps, type AppDeps } from "../../server/context";
import type { Database } from "../../server/db/client";
import { openTestDatabase } from "../../server/db/test-database";
import { createLogger } from "../../server/log";
import { seededVariants } from "../../server/testing/catalog";
import { warehouseForZip } from "../../server/modules/catalog";

// The hostile suite's in-process shop (tests/hostile): the whole Hono app with the PRODUCTION React
// Router build as its page handler (so page actions and loaders run for real), on a fresh seeded
// PGlite — or, under `npm run test:hostile` with TEST_DATABASE_URL, a fresh PostgreSQL database.
// `npm run test:hostile` builds build/ first when it is missing.

export const root = path.resolve(import.meta.dirname, "../..");
export const ORIGIN = "http://localhost";
export const ZIP = "80011";

export type Shop = {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  database: Database;
  /** Log lines at error level (an unhandled error leaves one: it must be named in the failure). */
  errors: string[];
  close(): Promise<void>;
};

let buildPromise: Promise<ServerBuild> | undefined;
export function loadBuild(): Promise<ServerBuild> {
  const file = path.join(root, "build/server/index.js");
  if (!existsSync(file)) throw new Error("No production build: run `npx react-router build` (npm run test:hostile does it).");
  return (buildPromise ??= import(pathToFileURL(file).href) as Promise<ServerBuild>);
}

export async function openShop(env: Record<string, string> = {}, opts: { pages?: boolean; pageCache?: boolean } = {}): Promise<Shop> {
  const database = await openTestDatabase({ seeded: true });
  const errors: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      const line = String(chunk);
      try {
        if ((JSON.parse(line) as { level?: number }).level! >= 50) errors.push(line);
      } catch {
        /* not JSON */
      }
      done();
    },
  });
  const config = parseConfig({ LOG_LEVEL: "error", FREE_SHIPPING_THRESHOLD_CENTS: "4900", ...env });
  const deps = createDeps(config, database, createLogger("error", sink), () => "hostile-build");
  let handler: PageHandler = async () => new Response("page", { headers: { "Content-Type": "text/plain" } });
  if (opts.pages !== false) {
    const rr = createRequestHandler(await loadBuild(), "production");
    handler = (req, ctx) => rr(req, ctx);
  }
  if (opts.pageCache) {
    // As server/server.ts wraps it; live from the start (no change notices are needed in a test that changes nothing).
    const cache = createPageCache();
    cache.setLive(true);
    handler = cache.wrap(handler);
  }
  const app = createApp(deps, { handler });
  return { app, deps, database, errors, close: () => database.close() };
}

// ---------------------------------------------------------------------------------------------
// Requests

export type Req = {
  method?: string;
  path: string;
  host?: string;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  /** A JSON value (sent as application/json), a form (urlencoded), or raw text. */
  json?: unknown;
  form?: Record<string, string> | [string, string][];
  body?: string | Uint8Array;
};

export async function send(shop: Shop, r: Req): Promise<Response> {
  const host = r.host ?? "localhost";
  const headers: Record<string, string> = { host, ...(r.headers ?? {}) };
  if (r.cookies && Object.keys(r.cookies).length) {
    const jar = Object.entries(r.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join("; ");
    headers.cookie = headers.cookie ? `${headers.cookie}; ${jar}` : jar;
  }
  let body: BodyInit | undefined;
  if (r.json !== undefined) {
    body = JSON.stringify(r.json);
    headers["content-type"] ??= "application/json";
  } else if (r.form) {
    body = new URLSearchParams(r.form as Record<string, string>).toString();
    headers["content-type"] ??= "application/x-www-form-urlencoded";
  } else if (r.body !== undefined) body = r.body as BodyInit;
  const method = r.method ?? (body === undefined ? "GET" : "POST");
  // A same-origin browser sends Origin on every POST: the default, so that a test that means to be
  // cross-site says so.
  if (method !== "GET" && method !== "HEAD" && !Object.keys(headers).some((h) => h.toLowerCase() === "origin")) headers.origin = `http://${host}`;
  for (const k of Object.keys(headers)) if (headers[k] === undefined) delete headers[k];
  return shop.app.request(`http://${host}${r.path}`, { method, headers, body, redirect: "manual" });
}

/** `name=value` pairs of a response's Set-Cookie headers (the value part only). */
export function setCookies(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const i = pair.indexOf("=");
    out[pair.slice(0, i).trim()] = pair.slice(i + 1);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Database fingerprints: "nothing was written"

/**
 * Tables whose rows legitimately change on a refused request: rate-limit counters and session
 * bookkeeping (a refused login still counts), the mail outbox of a refused-but-acknowledged
 * request (forgot-password answers the same for unknown addresses), the content cache.
 */
export const VOLATILE_TABLES = new Set<string>(["auth_attempts", "sessions", "__drizzle_migrations"]);

let tableList: string[] | undefined;
async function tables(database: Database): Promise<string[]> {
  if (tableList) return tableList;
  const rows = (await database.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { name: string }[] };
  tableList = rows.rows.map((r) => r.name);
  return tableList;
}

/** Per table: row count and an md5 of every row's text, volatile tables left out. */
export async function fingerprint(database: Database, ignore: ReadonlySet<string> = VOLATILE_TABLES): Promise<Record<string, string>> {
  const names = (await tables(database)).filter((t) => !ignore.has(t));
  const parts = names.map(
    (t) => `select '${t}' as t, count(*)::text || ':' || coalesce(md5(string_agg(x::text, ',' order by x::text)), '') as f from "${t}" x`,
  );
  const res = (await database.db.execute(sql.raw(parts.join(" union all ")))) as unknown as { rows: { t: string; f: string }[] };
  return Object.fromEntries(res.rows.map((r) => [r.t, r.f]));
}

/** Tables whose fingerprint differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
}

// ---------------------------------------------------------------------------------------------
// Fixtures

export type Customer = { id: string; token: string; email: string; password: string };
let customerN = 0;

export async function customer(shop: Shop, label = "c"): Promise<Customer> {
  const email = `${label}-${++customerN}-${Date.now()}@hostile.test`;
  const password = "kibble-hostile-1";
  const r = await shop.deps.services.identity.register(
    { firstName: "Pat", lastName: label, email, password, confirmPassword: password, acceptsMarketing: false },
    "d2c",
  );
  if (!r.ok) throw new Error(`register failed: ${JSON.stringify(r)}`);
  return { id: r.customerId, token: r.token, email, password };
}

export async function d2cVariants(shop: Shop): Promise<{ id: number; sku: string }[]> {
  const rows = await seededVariants(shop.database.db);
  return rows.filter((r) => r.sites.includes("d2c")).map((r) => ({ id: r.id, sku: r.sku }));
}

export async function warehouse(shop: Shop): Promise<string> {
  return (await warehouseForZip(shop.database.db, ZIP))!.code;
}

/** A cart with one line, owned by `owner` (customer id) or a guest's. */
export async function cartWith(shop: Shop, owner: Customer | null, variantId: number, quantity = 1, sellingPlanId: string | null = null): Promise<string> {
  const r = await shop.deps.services.cart.createCart("d2c", {}, [{ merchandiseId: String(variantId), quantity, sellingPlanId }]);
  if (!r.ok) throw new Error(r.message);
  if (owner) await assignCart(shop, r.cart.id, owner.id);
  return r.cart.id;
}

/** Makes a cart a customer's (as sign-in's cart merge does). */
export async function assignCart(shop: Shop, cartId: string, customerId: string): Promise<void> {
  await shop.database.db.execute(sql`update carts set customer_id = ${customerId} where id = ${cartId}`);
}

export const address = (over: Record<string, unknown> = {}) => ({
  firstName: "Pat",
  lastName: "Doe",
  address1: "1 Main St",
  address2: "",
  city: "Aurora",
  provinceCode: "CO",
  zip: ZIP,
  countryCode: "US",
  phone: null,
  ...over,
});

export const card = (number = "4242424242424242") => ({ kind: "card" as const, card: { number, expMonth: 12, expYear: 2099, cvc: "123" } });

let keyN = 0;
/** Unique per database and deterministic (a fuzz run replays from its seed): a counter, no randomness. */
export const newKey = (label = "k") => `${label}-${++keyN}-hostile`;

export function placeOrderBody(cartId: string, over: Record<string, unknown> = {}) {
  return {
    cartId,
    idempotencyKey: newKey("po"),
    email: "pat@hostile.test",
    shippingAddress: address(),
    shippingMethod: "standard",
    payment: card(),
    ...over,
  };
}

/** fast-check parameters: a fixed seed (override with HOSTILE_SEED), printed by fast-check on failure. */
export const SEED = Number(process.env.HOSTILE_SEED ?? 20261125);
export const runs = (n: number) => Math.max(1, Math.round(n * Number(process.env.HOSTILE_RUNS_SCALE ?? 1)));

// ---------------------------------------------------------------------------------------------
// Page actions, from the route table

type RouteEntry = { file: string; path?: string; index?: boolean; id?: string; children?: RouteEntry[] };

/** A path parameter's stand-in: an id of nothing (well-formed where the route takes UUIDs), a code, a handle. */
const PARAM_VALUES: Record<string, string> = { id: "1001", code: "WELCOME10", handle: "1001", slug: "about-us", token: "1001" };
const fill = (path: string) => path.replace(/:(\w+)\??/g, (_m, name: string) => PARAM_VALUES[name] ?? "1001").replace("*", "dog/dry-food");

/** Whether a route module's source exports an action (`export async function action`, `export const action`, `export { action }`). */
const exportsAction = (source: string) => /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b|export\s*\{[^}]*\baction\b[^}]*\}/.test(source);

/**
 * Every route of app/routes.ts (the route table itself, so a route added there is in the list) whose
 * module has an action: its full path (parameters filled), its module file, and the id the build
 * gives it. Whether a module has an action is read from its source and checked against the
 * production build by the caller (a stale build then fails loudly).
 */
export function pageActionRoutes(): { id: string; file: string; path: string }[] {
  const table = routeTable as unknown as RouteEntry[];
  const out: { id: string; file: string; path: string }[] = [];
  const walk = (entries: RouteEntry[], parent: string) => {
    for (const r of entries) {
      const full = r.index ? parent || "/" : r.path === undefined ? parent : `${parent.replace(/\/$/, "")}/${r.path}`;
      const source = readFileSync(path.join(root, "app", r.file), "utf8");
      if (exportsAction(source) && (r.path !== undefined || r.index))
        out.push({ id: r.id ?? r.file.replace(/\.tsx?$/, ""), file: r.file, path: fill(full || "/") });
      if (r.children) walk(r.children, full);
    }
  };
  walk(table, "");
  return out;
}
