import type { Config } from "./config";
import type { Database } from "./db/client";
import type { Logger } from "./log";
import type { Site } from "../rules/site";
import { createServices, type Services } from "./services";

/** What every loader, action and API handler receives, built once per request (STYLE habit 7). */
export type RequestContext = {
  site: Site;
  services: Services;
  publicConfig: PublicConfig;
  log: Logger;
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
};

export type AppDeps = {
  config: Config;
  database: Database;
  log: Logger;
  services: Services;
  /** Current build id, exposed for new-build detection (SPEC §2). */
  buildId: () => string;
};

export function createDeps(config: Config, database: Database, log: Logger, buildId: () => string): AppDeps {
  return { config, database, log, services: createServices(database.db, config), buildId };
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}
