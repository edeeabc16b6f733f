import type { MiddlewareHandler } from "hono";
import { isOpenWhileGated } from "../../rules/content/site-gates";
import { CLINIC_STEP_PATH, isOpenToUnregistered, isStaffOnlyApi, STAFF_REGISTER_PATH } from "../../rules/staff/roles";
import type { AppEnv } from "./env";
import { apiError } from "./errors";
import { pageRedirect } from "./gate";
import { identityOf } from "./identity";

/**
 * The staff site's registration gate (SPEC §2, §6): an unregistered visitor — a guest, or a staff
 * member who has not joined a clinic — reaches only the public pages and /shelter/*; any other page
 * redirects to registration (the clinic step when signed in), and the catalogue, cart and checkout
 * calls answer 401. The shop (d2c) passes untouched.
 */
export function staffGate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.get("site").isStaff) return next();
    const path = c.req.path;
    const isApi = path.startsWith("/api/");
    if (isApi ? !isStaffOnlyApi(path) : isOpenWhileGated(path) || isOpenToUnregistered(path) || isAsset(path)) return next();
    const identity = await identityOf(c);
    if (identity.staff?.registered) return next();
    if (isApi) {
      const message = identity.customer ? "Join your clinic to use the program." : "Sign in as a registered program member.";
      return apiError(c, 401, "not_registered", message);
    }
    return pageRedirect(c, identity.customer ? CLINIC_STEP_PATH : STAFF_REGISTER_PATH);
  };
}

// Files the build or the public folder serve (robots.txt, sitemap.xml, icons): no program data.
const isAsset = (path: string) => /^\/(robots\.txt|sitemap\.xml|favicon\.[a-z]+|[a-z0-9-]+\.(png|svg|ico|webmanifest))$/i.test(path);
