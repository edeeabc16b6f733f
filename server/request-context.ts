import type { Site, SiteId } from "../rules/shared/site";
import type { AppDeps, PublicConfig, RequestContext } from "./context";
import { SESSION_COOKIE } from "./modules/identity";
import { readCookie } from "../rules/shared/cookies";
import { staffAccess } from "./staff-access";
import type { StaffShipsTo } from "../rules/shared/shopper-location";
import { donationStoreFor } from "../rules/donations/provider";

export function publicConfigFor(deps: AppDeps, site: Site): PublicConfig {
  const { config } = deps;
  return {
    site,
    storeName: config.storeName,
    buildId: deps.buildId(),
    buildPollSeconds: config.buildPollSeconds,
    freeShippingThresholdCents: config.freeShippingThresholdCents,
    inactivitySeconds: config.inactivitySeconds,
    features: config.features,
    // No donation widget on the staff site (rules/donations/provider.ts donationStoreFor).
    donationStoreId: donationStoreFor(site.id, config.donationStoreId),
    // SPEC §2: no analytics from the staff site, so no tag manager there either.
    gtmScriptUrl: site.isStaff ? null : (config.gtm?.scriptUrl ?? null),
    sentryDsn: config.sentryDsn ?? null,
  };
}

export type RequestIdentity = Pick<RequestContext, "session" | "customer" | "clientIp" | "staleSessionCookie" | "staff" | "staffShipsTo">;

const SIGNED_OUT: RequestIdentity = { session: null, customer: null, clientIp: null, staleSessionCookie: false, staff: null };

export function requestContext(deps: AppDeps, site: Site, identity: RequestIdentity = SIGNED_OUT, cspNonce = ""): RequestContext {
  return {
    cspNonce,
    site,
    services: deps.services,
    publicConfig: publicConfigFor(deps, site),
    log: deps.log,
    ...identity,
    sessionSecret: deps.sessionSecret,
    config: deps.config,
  };
}

/**
 * The customer behind the request's sessionToken cookie, looked up once (STYLE habit 7). A cookie
 * naming no live session (expired, signed out elsewhere) is flagged so the response clears it.
 */
export async function resolveIdentity(deps: AppDeps, request: Request, clientIp: string | null, site: SiteId): Promise<RequestIdentity> {
  const token = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
  if (!token) return { ...SIGNED_OUT, clientIp };
  // An account is one site's: a shop session never signs anyone in on the staff site, or back.
  const signedIn = await deps.services.identity.resolveSignedIn(token, site);
  if (!signedIn) return { ...SIGNED_OUT, clientIp, staleSessionCookie: true };
  const { session, customer } = signedIn;
  const staff = site === "hpsf" ? staffAccess(await deps.services.identity.staffProfile(customer.id), deps.config.pdAccountGroups) : null;
  // Read only when a page or call shows stock or delivery, then kept for the rest of the request.
  let shipsTo: Promise<StaffShipsTo> | null = null;
  const staffShipsTo = staff ? () => (shipsTo ??= deps.services.staff.shipsTo(customer.id)) : null;
  return { session, customer, clientIp, staleSessionCookie: false, staff, staffShipsTo };
}
