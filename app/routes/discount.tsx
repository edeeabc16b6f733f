import { redirect } from "react-router";
import { DISCOUNT_COOKIE, normalizeDiscountCode } from "../../rules/checkout/steps-and-handoff";
import { safeSameSitePath } from "../../rules/account/sign-in-redirect";
import type { Route } from "./+types/discount";
import { setCookie } from "../../rules/shared/cookies";

// A shareable discount link, /discount/WELCOME10?redirect=/products: the code is saved in a cookie
// (30 days) and applied when the shopper proceeds to checkout (SPEC §4). Only same-site redirects.
export function loader({ params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = safeSameSitePath(url.searchParams.get("redirect")) ?? "/cart";
  const code = normalizeDiscountCode(params.code);
  if (!code) throw redirect(target);
  throw redirect(target, {
    headers: { "Set-Cookie": setCookie(DISCOUNT_COOKIE, code, { maxAgeSeconds: 30 * 24 * 60 * 60, secure: url.protocol === "https:" }) },
  });
}
