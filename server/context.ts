import { randomBytes } from "node:crypto";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { Logger } from "./log";
import type { Site } from "../rules/shared/site";
import type { StaffShipsTo } from "../rules/shared/shopper-location";
import { createServices, type Services } from "./wiring";
import type { CustomerSummary, SessionInfo } from "./modules/identity";
import type { StaffAccess } from "./staff-access";
import { createReadiness, type Readiness } from "./readiness";

/** What every loader, action and API handler receives, built once per request (STYLE habit 7). */
export type RequestContext = {
  site: Site;
  /**
   * Set by the page cache on a page it may show to every shopper of the same audience
   * (server/http/page-cache.ts): nothing of one shopper goes into it, only whether the audience is
   * signed in (the header's Log In or Log Out, which must work without script).
   */
  forEveryone?: { signedIn: boolean };
  /**
   * Set by the page cache on a page it may keep: the loaders add the shared-cache keys of the
   * products the page shows and whether its list of products may change (app/lib/page-shows.ts),
   * so a change purges only the pages that show it.
   */
  pageShows?: Set<string>;
  /** Set while rendering when a loader failed because the database is away for a moment (app/entry.server.tsx). */
  databaseUnavailable?: boolean;
  services: Services;
  publicConfig: PublicConfig;
  log: Logger;
  /** The signed-in customer's session (from the httpOnly sessionToken cookie), resolved once per request. */
  session: SessionInfo | null;
  customer: CustomerSummary | null;
  /** On the staff site, the signed-in staff member's standing (registered, eligible for program prices); null elsewhere or signed out. */
  staff: StaffAccess | null;
  /**
   * On the staff site, where the signed-in member's orders go (the clinic's ZIP, or home), read once
   * per request when first asked: what stock and delivery are shown for (rules/shared/shopper-location.ts shownLocation).
   */
  staffShipsTo?: (() => Promise<StaffShipsTo>) | null;
  /** The client's address for rate limits (X-Forwarded-For only with TRUST_PROXY). */
  clientIp: string | null;
  /** Set when a sessionToken cookie named no live session: the response clears it. */
  staleSessionCookie: boolean;
  /** HMAC key of /api/crypto. */
  sessionSecret: string;
  /** This response's Content-Security-Policy script nonce, for the document's inline scripts (app/entry.server.tsx). */
  cspNonce: string;
  /** Server configuration, for loaders and actions only: never return it to the browser. */
  config: Config;
};

/** The only configuration that reaches the browser (STYLE habit 8). */
export type PublicConfig = {
  site: Site;
  storeName: string;
  buildId: string;
  buildPollSeconds: number;
  freeShippingThresholdCents: number;
  inactivitySeconds: number;
  features: Config["features"];
  /** The donation widget's store (x-store-id); null on the staff site or when the widget is off. */
  donationStoreId: string | null;
  /** The tag manager's script, loaded through the consent registry; null on the staff site or without GTM_ID. */
  gtmScriptUrl: string | null;
  /** Sentry's DSN (public by design: it only allows sending events) when SENTRY_DSN is set; the browser then loads Sentry's SDK. */
  sentryDsn: string | null;
};

export type AppDeps = {
  config: Config;
  database: Database;
  log: Logger;
  services: Services;
  /** Current build id, exposed for new-build detection (SPEC §2). */
  buildId: () => string;
  sessionSecret: string;
  readiness: Readiness;
};

export function createDeps(config: Config, database: Database, log: Logger, buildId: () => string, sessionSecret?: string): AppDeps {
  // Tests and one-off tools: a key of their own for this process.
  const secret = sessionSecret ?? config.sessionSecret ?? randomBytes(32).toString("hex");
  return {
    config,
    database,
    log,
    services: createServices(database.db, config, log, undefined, secret),
    buildId,
    sessionSecret: secret,
    readiness: createReadiness(),
  };
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}
