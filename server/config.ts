import { z } from "zod";
import type { SiteId } from "../rules/shared/site";
import { DEFAULT_PD_ACCOUNT_GROUPS, parseGroupList } from "../rules/staff/roles";
import { DEFAULT_MONTHLY_QUOTA_LB, parseQuotaGroups, type QuotaConfig } from "../rules/staff/monthly-allowance";
import { normalizeStoreId } from "../rules/donations/provider";
import { SEED_DONATION_STORE_ID } from "./modules/donations";
import { DEFAULT_GTM_SCRIPT_URL, GTM_ID_PATTERN, gtmScriptUrl } from "../rules/consent/categories-and-cookie";

/**
 * The only place that reads process.env (ARCHITECTURE §2, STYLE habit 8).
 * A bad value stops start-up with a message naming the variable.
 */

const flag = z.enum(["true", "false", "1", "0", "on", "off", "yes", "no", ""]).transform((v) => ["true", "1", "on", "yes"].includes(v));

const siteHosts = z
  .string()
  .default("localhost=d2c,127.0.0.1=d2c,pro.localhost=hpsf")
  .transform((raw, ctx) => {
    const map = new Map<string, SiteId>();
    for (const pair of raw
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)) {
      const [host, site] = pair.split("=").map((s) => s.trim().toLowerCase());
      if (!host || (site !== "d2c" && site !== "hpsf")) {
        ctx.addIssue({ code: "custom", message: `"${pair}" must look like host=d2c or host=hpsf` });
        return z.NEVER;
      }
      map.set(host, site);
    }
    if (map.size === 0) {
      ctx.addIssue({ code: "custom", message: "needs at least one host=site pair" });
      return z.NEVER;
    }
    return map;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // The change-notice connection (LISTEN) when DATABASE_URL is a pooler in transaction mode, which
  // cannot carry LISTEN/NOTIFY: a direct URL of the same database. Unset → DATABASE_URL.
  DATABASE_LISTEN_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PGLITE_DIR: z.string().min(1).default("./data/pglite"),
  SITE_HOSTS: siteHosts,
  STORE_NAME: z.string().min(1).max(60).default("Kibble & Co."),
  // The shop's postal address, printed in every marketing mail's footer (CAN-SPAM asks for one).
  STORE_POSTAL_ADDRESS: z.string().trim().min(10).max(200).default("1550 Wewatta Street, Denver, CO 80202, USA"),
  FREE_SHIPPING_THRESHOLD_CENTS: z.coerce.number().int().min(0).default(4900),
  INACTIVITY_SECONDS: z.coerce.number().int().min(5).default(1800),
  PD_ACCOUNT_GROUPS: z
    .string()
    .max(500)
    .regex(/^[A-Za-z0-9_, ]*$/, "must be a comma list of account groups")
    .default(DEFAULT_PD_ACCOUNT_GROUPS),
  STAFF_QUOTA_LB: z.coerce.number().positive().max(100_000).default(DEFAULT_MONTHLY_QUOTA_LB),
  STAFF_QUOTA_GROUPS: z
    .string()
    .max(500)
    .refine((v) => parseQuotaGroups(v) !== null, "must be a comma list of GROUP=POUNDS, e.g. SF_STUDENT=60")
    .default(""),
  FEATURE_HAWAII_SHIPPING: flag.default(true),
  FEATURE_STATE_BY_ZIP: flag.default(true),
  FEATURE_CHECKOUT_FLOW: flag.default(true),
  FEATURE_ZIP_CHECK_BYPASS: flag.default(false),
  BUILD_POLL_SECONDS: z.coerce.number().int().min(5).default(60),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_ON_START: flag.default(true),
  MAINTENANCE_MODE: flag.default(false),
  SITE_PASSWORD: z
    .string()
    .max(200)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SESSION_SECRET: z
    .string()
    .min(32, "must be at least 32 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  MAIL_FROM: z
    .string()
    .min(3)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  CONTACT_EMAIL: z.email().default("support@kibble.example"),
  TRUST_PROXY: flag.default(false),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  MAIL_OUTBOX_DIR: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  AUTOSHIP_SCHEDULER: flag.default(true),
  AUTOSHIP_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  AUTOSHIP_REMINDER_DAYS: z.coerce.number().int().min(0).max(30).default(3),
  // Campaign mails recorded per minute by the renewal pass (README "E-mail marketing"), in batches of MARKETING_SEND_BATCH.
  MARKETING_SEND_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  MARKETING_SEND_BATCH: z.coerce.number().int().min(1).max(500).default(50),
  // The shop's donation store (SPEC §3), named to the browser's donation widget; "off": no widget.
  DONATION_STORE_ID: z
    .string()
    .trim()
    .refine((v) => v === "off" || normalizeStoreId(v) !== null, "must be a donation store id (32 hex characters) or off")
    .default(SEED_DONATION_STORE_ID),
  // The tag manager: set → its script may load on the shop once the shopper accepts advertising and analytics.
  GTM_ID: z
    .string()
    .trim()
    .regex(GTM_ID_PATTERN, "must be a GTM container id like GTM-AB12CD3")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  GTM_SCRIPT_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).default(DEFAULT_GTM_SCRIPT_URL),
  // The review widget's script: unset → served by this shop at /reviews/widget.js; a path or an http(s) URL.
  REVIEWS_SCRIPT_URL: z
    .string()
    .trim()
    .refine((v) => /^\/(?![/\\])/.test(v) || /^https?:\/\/[^/]/.test(v), "must be an http(s) URL or a path starting with /")
    .refine((v) => URL.canParse(v, "http://localhost"), "must be an http(s) URL or a path starting with /")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Error reporting: set → server and browser errors go to Sentry; unset → the errors table.
  SENTRY_DSN: z
    .url({ protocol: /^https?$/, error: "must be a Sentry DSN (https://key@host/project)" })
    .refine((v) => URL.canParse(v) && new URL(v).username !== "" && /\/\d+$/.test(new URL(v).pathname), "must be a Sentry DSN (https://key@host/project)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Prometheus metrics at /metrics, only to `Authorization: Bearer METRICS_TOKEN`; unset → /metrics is not found.
  METRICS_TOKEN: z
    .string()
    .min(16, "must be at least 16 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // A shared HTTP cache in front (Varnish, a CDN): guest pages say `public, s-maxage=` this many
  // seconds; unset → they say `no-cache` and only the shop's own page cache keeps them.
  SHARED_CACHE_MAX_AGE: z.coerce.number().int().min(1).max(86_400).optional(),
  // Where to send PURGE requests (by surrogate key) when a change commits: a comma list of http(s) URLs.
  SHARED_CACHE_PURGE_URLS: z
    .string()
    .transform((raw) =>
      raw
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, error: "must be a comma list of http(s) URLs" })).max(16))
    .optional(),
  // After SIGTERM, keep serving this long while /api/ready says 503, so the load balancer's probe
  // takes the process out before it stops accepting connections (a rolling restart loses nothing).
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(60).default(0),
  // Browser tests only: a clock the marketing list's automatic mails read, moved by POST
  // /api/test/clock (server/test-clock.ts), and POST /api/test/life-stage (one shopper's life-stage
  // pass on a later day, server/http/test-clock.ts). Refused in production with DATABASE_URL.
  TEST_CLOCK: flag.default(false),
  // Where subscribe/unsubscribe and shop events are pushed besides the list itself
  // (server/modules/marketing/outside-service.ts): none, the log, or a webhook URL (MARKETING_WEBHOOK_URL).
  MARKETING_ADAPTER: z.enum(["none", "log", "webhook"]).default("none"),
  MARKETING_WEBHOOK_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** DATABASE_LISTEN_URL: the direct connection for change notices (DATABASE_URL may be a pooler). */
  databaseListenUrl: string | undefined;
  pgliteDir: string;
  siteHosts: Map<string, SiteId>;
  storeName: string;
  /** STORE_POSTAL_ADDRESS: the footer of every marketing mail carries it. */
  postalAddress: string;
  freeShippingThresholdCents: number;
  inactivitySeconds: number;
  /** SPEC §5: account groups eligible for the professional discount (program prices). */
  pdAccountGroups: string[];
  /** The staff program's monthly allowance in pounds, per account group. */
  staffQuota: QuotaConfig;
  features: { hawaiiShipping: boolean; stateByZip: boolean; checkoutFlow: boolean; zipCheckBypass: boolean };
  buildPollSeconds: number;
  logLevel: string;
  seedOnStart: boolean;
  /** Gated states of SPEC §2: maintenance mode, or the shop locked behind a password. */
  gate: { maintenance: boolean; password: string | undefined };
  /**
   * HMAC key of /api/crypto. Required in production with DATABASE_URL (several processes must share
   * it); otherwise, when unset, generated once and kept beside the embedded database (server/server.ts).
   */
  sessionSecret: string | undefined;
  /** Origin used in links inside e-mails; unset → the request's own origin when its host is in SITE_HOSTS. */
  publicUrl: string | undefined;
  /**
   * Behind a reverse proxy: the client address comes from X-Forwarded-For (rate limits) and
   * X-Forwarded-Proto: https marks the request as TLS (Secure cookies, HSTS).
   */
  trustProxy: boolean;
  /** How many proxies append to X-Forwarded-For: the client is that many entries from the right. */
  trustProxyHops: number;
  mail: { smtpUrl: string | undefined; from: string; contactTo: string; outboxDir: string | undefined };
  /**
   * The renewal engine: `scheduler` runs a pass every `intervalSeconds` in the server
   * process (off → run `npm run worker` instead); reminders go out `reminderDays` before a renewal.
   */
  autoship: { scheduler: boolean; intervalSeconds: number; reminderDays: number };
  /** Campaign sending: mails per minute and per claiming transaction. */
  campaigns: { sendPerMinute: number; batchSize: number };
  /** The donation store whose widget the shop shows (normalised); null: no donation widget. */
  donationStoreId: string | null;
  /** The tag manager (GTM_ID): container id and the script URL it loads from; null: none. */
  gtm: { id: string; scriptUrl: string } | null;
  /** REVIEWS_SCRIPT_URL: where the product page loads the review widget from; null → this shop's own /reviews/widget.js. */
  reviewsScriptUrl: string | null;
  /** Sentry's DSN: errors go to Sentry (server and browser SDKs); unset → the errors table (server/modules/errors). */
  sentryDsn: string | undefined;
  /** METRICS_TOKEN: the bearer token /metrics answers to; unset → no /metrics. */
  metricsToken: string | undefined;
  /** A shared HTTP cache in front: how long it may keep a guest page, and where to purge it; null → none. */
  sharedCache: { maxAgeSeconds: number; purgeUrls: string[] } | null;
  /** SHUTDOWN_DELAY_SECONDS: how long a stopping process goes on serving after it turns unready. */
  shutdownDelaySeconds: number;
  /** TEST_CLOCK: browser tests move the automatic mails' clock (server/test-clock.ts); never in production with DATABASE_URL. */
  testClock: boolean;
  /** MARKETING_ADAPTER: the outside e-mail service the list's events are pushed to; "none" keeps the shop offline. */
  marketingAdapter: { kind: "none" } | { kind: "log" } | { kind: "webhook"; url: string };
};

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = result.data;
  if (e.NODE_ENV === "production" && e.DATABASE_URL && !e.SESSION_SECRET) {
    throw new ConfigError("Invalid configuration:\n  SESSION_SECRET: required in production with DATABASE_URL (every process must share it)");
  }
  if (e.NODE_ENV === "production" && e.DATABASE_URL && e.TEST_CLOCK) {
    throw new ConfigError("Invalid configuration:\n  TEST_CLOCK: a test hook, refused in production with DATABASE_URL");
  }
  if (e.MARKETING_ADAPTER === "webhook" && !e.MARKETING_WEBHOOK_URL) {
    throw new ConfigError("Invalid configuration:\n  MARKETING_WEBHOOK_URL: required with MARKETING_ADAPTER=webhook");
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseListenUrl: e.DATABASE_LISTEN_URL,
    pgliteDir: e.PGLITE_DIR,
    siteHosts: e.SITE_HOSTS,
    storeName: e.STORE_NAME,
    postalAddress: e.STORE_POSTAL_ADDRESS,
    freeShippingThresholdCents: e.FREE_SHIPPING_THRESHOLD_CENTS,
    inactivitySeconds: e.INACTIVITY_SECONDS,
    pdAccountGroups: parseGroupList(e.PD_ACCOUNT_GROUPS),
    staffQuota: { defaultLb: e.STAFF_QUOTA_LB, byGroup: parseQuotaGroups(e.STAFF_QUOTA_GROUPS) ?? {} },
    features: {
      hawaiiShipping: e.FEATURE_HAWAII_SHIPPING,
      stateByZip: e.FEATURE_STATE_BY_ZIP,
      checkoutFlow: e.FEATURE_CHECKOUT_FLOW,
      zipCheckBypass: e.FEATURE_ZIP_CHECK_BYPASS,
    },
    buildPollSeconds: e.BUILD_POLL_SECONDS,
    logLevel: e.LOG_LEVEL,
    seedOnStart: e.SEED_ON_START,
    gate: { maintenance: e.MAINTENANCE_MODE, password: e.SITE_PASSWORD },
    sessionSecret: e.SESSION_SECRET,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ""),
    trustProxy: e.TRUST_PROXY,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `${e.STORE_NAME} <no-reply@kibble.example>`,
      contactTo: e.CONTACT_EMAIL,
      outboxDir: e.MAIL_OUTBOX_DIR,
    },
    autoship: { scheduler: e.AUTOSHIP_SCHEDULER, intervalSeconds: e.AUTOSHIP_INTERVAL_SECONDS, reminderDays: e.AUTOSHIP_REMINDER_DAYS },
    campaigns: { sendPerMinute: e.MARKETING_SEND_PER_MINUTE, batchSize: e.MARKETING_SEND_BATCH },
    donationStoreId: e.DONATION_STORE_ID === "off" ? null : normalizeStoreId(e.DONATION_STORE_ID),
    gtm: e.GTM_ID ? { id: e.GTM_ID, scriptUrl: gtmScriptUrl(e.GTM_ID, e.GTM_SCRIPT_URL) } : null,
    reviewsScriptUrl: e.REVIEWS_SCRIPT_URL ?? null,
    sentryDsn: e.SENTRY_DSN,
    metricsToken: e.METRICS_TOKEN,
    sharedCache: e.SHARED_CACHE_MAX_AGE ? { maxAgeSeconds: e.SHARED_CACHE_MAX_AGE, purgeUrls: e.SHARED_CACHE_PURGE_URLS ?? [] } : null,
    shutdownDelaySeconds: e.SHUTDOWN_DELAY_SECONDS,
    testClock: e.TEST_CLOCK,
    marketingAdapter:
      e.MARKETING_ADAPTER === "webhook" ? { kind: "webhook", url: e.MARKETING_WEBHOOK_URL! } : { kind: e.MARKETING_ADAPTER === "log" ? "log" : "none" },
  };
}
