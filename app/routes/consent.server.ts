import { redirect } from "react-router";
import { safeSameSitePath } from "../../rules/account/sign-in-redirect";
import { anonymousIdFrom, bannerChoice, consentCookie, CONSENT_COOKIE, decideConsent, proofOfConsent } from "../../rules/consent/categories-and-cookie";
import { readCookie } from "../../rules/shared/cookies";
import { isHttps } from "../../server/modules/identity";
import type { Route } from "./+types/consent";

// The banner's form (app/features/consent/consent-banner.tsx) answered on the server: the same decision the privacy
// manager makes in the browser (rules/consent/categories-and-cookie.ts decideConsent), kept in the
// same cookie and recorded as the same proof of consent, then back to the page the banner was on.
// Cross-site posts never get here (server/http/edge.ts sameOriginWrites).

export const CONSENT_FORM_PATH = "/consent";

export async function consentFormAction({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const answer = form.get("choice");
  if (answer !== "accept" && answer !== "reject") {
    return new Response("choice: must be accept or reject", { status: 400, headers: { "Cache-Control": "private, no-store" } });
  }
  const returnTo = form.get("returnTo");
  const back = safeSameSitePath(typeof returnTo === "string" ? returnTo : null) ?? "/";
  const newId = () => anonymousIdFrom(crypto.getRandomValues(new Uint8Array(16)));
  const record = decideConsent(bannerChoice(answer), readCookie(request.headers.get("cookie"), CONSENT_COOKIE), new Date(), newId);
  const kept = await context.services.consent.record(proofOfConsent(record, "banner"), { site: context.site.id, ip: context.clientIp });
  // The choice is the shopper's either way; only its proof is refused (as when the script's call is).
  if (!kept.ok) context.log.warn({ anonymousId: record.anonymousId }, "consent: proof of a banner form choice not recorded (rate limited)");
  return redirect(new URL(back, request.url).pathname === CONSENT_FORM_PATH ? "/" : back, {
    status: 303,
    headers: { "Set-Cookie": consentCookie(record, isHttps(request)), "Cache-Control": "private, no-store" },
  });
}
