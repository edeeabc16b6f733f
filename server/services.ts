import type { Config } from "./config";
import type { Db } from "./db/client";
import { createCartService } from "./modules/cart/service";
import { createCatalogService } from "./modules/catalog/service";

/** Every module's service, wired once per process and shared by pages and the API. */
export function createServices(db: Db, config: Config) {
  const catalog = createCatalogService(db, config);
  return {
    catalog,
    cart: createCartService(db, config, catalog),
  };
}

export type Services = ReturnType<typeof createServices>;
