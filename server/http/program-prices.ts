import type { Context } from "hono";
import { priceAudience, seesProgramPrices, withoutProgramPrices, type PriceAudience } from "../../rules/staff/program-prices";
import type { AppEnv } from "./env";
import { identityOf } from "./identity";

type Priced = { variants: readonly { programPrice: unknown }[] };

/**
 * The products as this caller may see them: program prices only for a registered, eligible staff
 * member on the staff site (SPEC §5); everyone else gets the same products without them.
 */
export async function asSeenBy<P extends Priced>(c: Context<AppEnv>, products: readonly P[]): Promise<P[]> {
  const site = c.get("site");
  if (!site.isStaff) return [...products];
  return seesProgramPrices(site, (await identityOf(c)).staff) ? [...products] : withoutProgramPrices(products);
}

/** Whose prices this caller's listing compares (the price filter and sorts): see rules/staff/program-prices.ts priceAudience. */
export async function priceAudienceOf(c: Context<AppEnv>): Promise<PriceAudience> {
  const site = c.get("site");
  return site.isStaff ? priceAudience(site, (await identityOf(c)).staff) : "shop";
}
