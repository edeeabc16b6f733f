import type { Config } from "./config";
import type { Db } from "./db/client";
import { createCatalogService } from "./modules/catalog/service";

/** Every module's service, wired once per process and shared by pages and the API. */
export function createServices(db: Db, config: Config) {
  return {
    catalog: createCatalogService(db, config),
  };
}

export type Services = ReturnType<typeof createServices>;
