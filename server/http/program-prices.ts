import type { Context } from "hono";
import { seesProgramPrices, withoutProgramPrices } from "../../rules/program-prices";
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
