import { data, redirect, type AppLoadContext } from "react-router";
import { cartCookies, cartIdFromCookieHeader, GUEST_CART_COOKIE } from "../../../rules/cart/cookies";
import { signedInLocation, USER_LOCATION_COOKIE, USER_LOCATION_MAX_AGE_SECONDS, USER_WAREHOUSE_COOKIE } from "../../../rules/shared/shopper-location";
import { decodeRedirectParam, loginUrlFor, postLoginTarget, requiresSignIn, safeSameSitePath, sameSiteReferer } from "../../../rules/account/sign-in-redirect";
import { clearOgAuthCookie } from "../../../server/modules/autoship";
import type { SignedIn } from "../../../server/modules/identity";
import { clearSessionCookie, isHttps, sessionCookie } from "../../../server/modules/identity";
import { settleCustomerCart } from "../../../server/workflows/sign-in";
import { clearCookie, setCookie } from "../../../rules/shared/cookies";
import { CLINIC_STEP_PATH, isRegistered } from "../../../rules/staff/roles";
import { signedOutCookie, type SignOutReason } from "../../../rules/account/sign-out-notice";

// Sign-in and sign-out at the page edge (SPEC §2 redirect rules, §4 session and cart lifecycle).

type Ctx = AppLoadContext;

/** The page the browser came from, when it is on this site and one to go back to (rules/account/sign-in-redirect.ts). */
export const refererPath = (request: Request): string | null => sameSiteReferer(request.headers.get("referer"), request.url);

/** SPEC §2: a signed-in customer opening login, register or forgot-password goes back one page. */
export function sendSignedInBack(context: Ctx, request: Request): void {
  if (context.customer) throw redirect(refererPath(request) ?? "/");
}

/**
 * After a successful sign-in or registration (SPEC §4): the cart settled (guest cart merged into
 * the persisted one), the session cookie set (a new token), the cart cookie switched to the
 * customer's cart, the default address's ZIP as the home location, then the redirect of SPEC §2.
 */
export async function completeSignIn(context: Ctx, request: Request, signed: SignedIn, target: { previous?: string | null; redirect?: string | null }) {
  const secure = isHttps(request);
  const guestCartId = cartIdFromCookieHeader(request.headers.get("cookie"));
  const outcome = await settleCustomerCart(context.services, { customerId: signed.customerId, site: context.site.id, guestCartId });
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(signed.token, secure));
  for (const cookie of cartCookies(outcome.cartId ? { id: outcome.cartId, totalQuantity: Math.max(1, outcome.cartQuantity) } : null, { guest: false })) {
    headers.append("Set-Cookie", cookie);
  }
  // The customer's cart is no guest cart any more.
  headers.append("Set-Cookie", clearCookie(GUEST_CART_COOKIE, { httpOnly: true }));
  // SPEC §9: "{zip}::home", or "{clinic zip}::clinic" for a staff member whose orders go to the clinic.
  const shipsTo = context.site.isStaff ? await context.services.staff.shipsTo(signed.customerId) : null;
  const location =
    shipsTo?.destination === "CLINIC" ? signedInLocation(shipsTo.zip, "CLINIC") : outcome.homeZip ? signedInLocation(outcome.homeZip, "HOME") : null;
  if (location) headers.append("Set-Cookie", setCookie(USER_LOCATION_COOKIE, location, { maxAgeSeconds: USER_LOCATION_MAX_AGE_SECONDS, secure }));
  context.log.info({ customerId: signed.customerId, mergedWarnings: outcome.warnings.length }, "signed in");
  // SPEC §2 staff path: a staff member who has not joined a clinic yet goes to the clinic step first.
  const unregisteredStaff = context.site.isStaff && !isRegistered(await context.services.identity.staffProfile(signed.customerId));
  return redirect(unregisteredStaff ? CLINIC_STEP_PATH : afterSignInTarget(target.previous, target.redirect), { headers });
}

/** SPEC §2: the default post-login target, when there is no previous page and no redirect parameter. */
export const DEFAULT_POST_LOGIN_PATH = "/products";

/** SPEC §2: the previous page, else the base64 redirect parameter, else /products. */
export function afterSignInTarget(previous: string | null | undefined, redirectParam: string | null | undefined): string {
  const hasTarget = safeSameSitePath(previous) !== null || decodeRedirectParam(redirectParam) !== null;
  return hasTarget ? postLoginTarget(previous, redirectParam) : DEFAULT_POST_LOGIN_PATH;
}

/**
 * Whether a GET of /logout comes from this site's own pages or was typed (Sec-Fetch-Site
 * same-origin or none): then it signs out at once (SPEC §2). A link, image or frame on another site
 * — or a browser that does not say — gets the Log Out button instead, so no one can sign a
 * customer out from elsewhere.
 */
export function isOwnNavigation(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  return site === "same-origin" || site === "none";
}

/**
 * Sign-out (SPEC §2, §4): the session ends on the server, the cookies go (session, cart, og_auth,
 * userLocation, userWarehouse); home, or stay put off /account. SPEC §4's "session cache entry"
 * has no counterpart here: sessions are looked up in the database on every request (nothing of
 * them is cached in the process), so deleting the session row is the whole of it.
 */
export async function signOutResponse(context: Ctx, request: Request, token: string | null, opts: { returnTo: string | null; reason: SignOutReason }) {
  const secure = isHttps(request);
  if (token) await context.services.identity.signOut(token, opts.reason);
  if (context.customer) context.log.info({ customerId: context.customer.id, reason: opts.reason }, "signed out");
  const headers = new Headers();
  headers.append("Set-Cookie", clearSessionCookie(secure));
  for (const cookie of cartCookies(null, { guest: false })) headers.append("Set-Cookie", cookie);
  // The order-management proof names the customer; the location cookies hold their home ZIP.
  headers.append("Set-Cookie", clearOgAuthCookie());
  for (const name of [USER_LOCATION_COOKIE, USER_WAREHOUSE_COOKIE, "isEligibleForPd"]) headers.append("Set-Cookie", clearCookie(name, { secure }));
  // Signed out for inactivity: the page the shopper lands on says why (rules/account/sign-out-notice.ts).
  const why = signedOutCookie(opts.reason, secure);
  if (why) headers.append("Set-Cookie", why);
  const back = safeSameSitePath(opts.returnTo);
  const target = back && !requiresSignIn(back) && !back.startsWith("/logout") ? back : "/";
  return redirect(target, { headers });
}

/** For an action on an /account page: the signed-in customer, else off to sign-in. */
export function requireCustomer(context: Ctx, request: Request) {
  if (!context.customer || !context.session) {
    const url = new URL(request.url);
    throw redirect(loginUrlFor(url.pathname + url.search));
  }
  return { customer: context.customer, session: context.session };
}

export type FormErrors = Record<string, string>;

export const invalid = (errors: FormErrors, values: Record<string, string> = {}, status = 400) => data({ ok: false as const, errors, values }, { status });
