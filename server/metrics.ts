import cluster from "node:cluster";
import { timingSafeEqual } from "node:crypto";
import {
  AggregatorRegistry,
  Counter,
  Gauge,
  Histogram,
  collectDefaultMetrics,
  register,
  type CounterConfiguration,
  type GaugeConfiguration,
} from "prom-client";

/**
 * The shop's Prometheus metrics (prom-client, its global registry), answered at `/metrics` to
 * `Authorization: Bearer METRICS_TOKEN`. In a multi-process shop every worker counts its own and
 * `/metrics` answers the sum over all of them: the worker that gets the scrape asks the primary,
 * which gathers every worker's through prom-client's cluster aggregation (server/cluster.ts).
 *
 * Counters are process-wide on purpose (prom-client's model): a module increments one where the
 * event happens, and tests that never scrape lose nothing.
 */

// The production build bundles this file a second time (pages and actions import server code),
// while prom-client stays one package: each metric is made once and found by name after that, so
// both copies count into the same one.
const once = <M>(name: string, make: () => M): M => (register.getSingleMetric(name) as M | undefined) ?? make();
const counter = <L extends string>(config: CounterConfiguration<L>) => once(config.name, () => new Counter(config));
const gauge = <L extends string>(config: GaugeConfiguration<L>) => once(config.name, () => new Gauge(config));

const STATUS_CLASSES = ["1xx", "2xx", "3xx", "4xx", "5xx"] as const;
export const statusClass = (status: number) => STATUS_CLASSES[Math.min(4, Math.max(0, Math.floor(status / 100) - 1))];

export const httpRequests = counter({
  name: "shop_http_requests_total",
  help: "Requests answered, by method, route pattern and status class.",
  labelNames: ["method", "route", "status"] as const,
});
export const httpDuration = once(
  "shop_http_request_duration_seconds",
  () =>
    new Histogram({
      name: "shop_http_request_duration_seconds",
      help: "Time to answer a request, by method, route pattern and status class.",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
);
export const pageCacheAnswers = counter({
  name: "shop_page_cache_answers_total",
  help: "Answers by what the guest page cache did (its Cache-Status): hit, stored, miss, bypass.",
  labelNames: ["result"] as const,
});
export const ordersPlaced = counter({
  name: "shop_orders_placed_total",
  help: "Orders placed and paid, by site and source (checkout, or an Autoship renewal).",
  labelNames: ["site", "source"] as const,
});
export const autoshipRenewals = counter({
  name: "shop_autoship_renewals_total",
  help: "Autoship renewals by outcome (renewed, held or skipped out of stock, payment failed, paused, failed, error).",
  labelNames: ["result"] as const,
});
export const mails = counter({
  name: "shop_mail_total",
  help: "Mail by outcome: recorded (in the outbox; no SMTP_URL), sent, failed.",
  labelNames: ["result"] as const,
});
export const sharedCachePurges = counter({
  name: "shop_shared_cache_purges_total",
  help: "Purges sent to the shared HTTP cache in front (SHARED_CACHE_PURGE_URLS), by outcome: ok, failed.",
  labelNames: ["result"] as const,
});

/** The database pool of this process, when it has one (PostgreSQL; the embedded database has none). */
let poolStats: (() => { total: number; idle: number; waiting: number }) | undefined;
gauge({
  name: "shop_db_pool_connections",
  help: "Database pool connections by state (in_use, idle).",
  labelNames: ["state"] as const,
  collect() {
    const stats = poolStats?.();
    if (!stats) return;
    this.set({ state: "in_use" }, stats.total - stats.idle);
    this.set({ state: "idle" }, stats.idle);
  },
});
gauge({
  name: "shop_db_pool_waiting",
  help: "Queries waiting for a free database pool connection.",
  collect() {
    const stats = poolStats?.();
    if (stats) this.set(stats.waiting);
  },
});

let started = false;
/** Once per process, when it starts serving: the pool to report and Node's own metrics (memory, event loop, GC). */
export function startMetrics(pool: typeof poolStats): void {
  poolStats = pool;
  if (started) return;
  started = true;
  collectDefaultMetrics();
  // A worker answers the primary's requests for its metrics (prom-client installs the listener).
  if (cluster.isWorker) new AggregatorRegistry();
}

const ASK = "shop:metrics";
type MetricsMessage = { type: typeof ASK; id: number; text?: string; error?: string };

/** The primary's side: a worker asks for everyone's metrics, the primary gathers and answers. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: MetricsMessage) => {
    if (message?.type !== ASK || message.text !== undefined) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ASK, id: message.id, text } satisfies MetricsMessage),
      (err: Error) => worker.send({ type: ASK, id: message.id, text: "", error: err.message } satisfies MetricsMessage),
    );
  });
}

let asked = 0;
/** This process's metrics, or every worker's summed when it is one of several. */
export async function metricsText(): Promise<string> {
  if (!cluster.isWorker || !process.send) return register.metrics();
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(() => done(new Error("the primary did not answer with the metrics within 5 s")), 5_000);
    const onMessage = (message: MetricsMessage) => {
      if (message?.type === ASK && message.id === id && message.text !== undefined) done(message.error ? new Error(message.error) : null, message.text);
    };
    function done(err: Error | null, text = "") {
      clearTimeout(timeout);
      process.off("message", onMessage);
      if (err) reject(err);
      else resolve(text);
    }
    process.on("message", onMessage);
    process.send!({ type: ASK, id } satisfies MetricsMessage);
  });
}

export const METRICS_CONTENT_TYPE = register.contentType;

/** Whether an Authorization header carries the metrics token (compared in constant time). */
export function carriesMetricsToken(authorization: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(authorization ?? "")?.[1] ?? "");
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
