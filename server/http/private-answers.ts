import type { Context, MiddlewareHandler } from "hono";
import type { RequestIdentity } from "../request-context";
import { editHeaders } from "./edge";
import type { AppEnv } from "./env";
import { carriesPersonalCookies, isPersonalPath } from "./page-cache";

// Which answers no shared cache (a CDN, a corporate proxy) may keep: every answer that carries
// personal data or a price only some shoppers may see says `Cache-Control: private, no-store`.
//
// - A page is someone's when its screen is (cart, checkout, account, sign-in…: the guest page
//   cache's list, server/http/page-cache.ts), when a customer or staff member is signed in (the
//   header names them, a staff member sees program prices), or when the request carries any cookie
//   of the shopper's own (a cart, a discount, a session…: carriesPersonalCookies). Such a shopper
//   may be shown a kept page (the page cache renders it without those cookies, decision 0012), but
//   the answer is still theirs: a shared cache must not keep it for the next one. A page for nobody
//   in particular keeps what it said (the page cache's `no-cache` with an ETag).
// - An API answer is private unless its handler says it may be shared (the catalogue's and the
//   content's JSON for guests, review lists): the customer, cart, checkout, autoship and order calls
//   all answer for one caller.

export const PRIVATE = "private, no-store";

/** Whether a page answer is for this shopper only. */
export function isPersonalPage(request: Request, identity: Pick<RequestIdentity, "customer" | "staff">): boolean {
  return (
    isPersonalPath(new URL(request.url).pathname) ||
    identity.customer !== null ||
    identity.staff !== null ||
    carriesPersonalCookies(request.headers.get("cookie"))
  );
}

/** Marks a page answer private (a copy when its headers are immutable). */
export function privatePage(response: Response): Response {
  try {
    response.headers.set("Cache-Control", PRIVATE);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set("Cache-Control", PRIVATE);
    return copy;
  }
}

/** /api answers without a Cache-Control of their own are private. */
export function privateApiAnswers(): MiddlewareHandler<AppEnv> {
  return async (c: Context<AppEnv>, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) editHeaders(c, (h) => h.set("Cache-Control", PRIVATE));
  };
}
