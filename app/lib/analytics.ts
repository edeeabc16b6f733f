// The one way events reach the tag manager's data layer (window.dataLayer).
//
// Until the shopper has decided on analytics consent, events wait here in the order they were
// raised; consent replays them, refusal drops them. So the first page view and view_item of a first
// visit are neither lost (raised before the banner is answered) nor leaked (pushed before consent).
// After a decision, events go straight through (consent) or nowhere (refusal); a later change of
// mind applies from then on.

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export type AnalyticsEvent = Record<string, unknown> & { event: string };

let allowed: boolean | null = null;
let waiting: AnalyticsEvent[] = [];

function write(event: AnalyticsEvent) {
  window.dataLayer = window.dataLayer ?? [];
  // GA4: clear the previous ecommerce object so its items do not merge into this event's.
  if ("ecommerce" in event) window.dataLayer.push({ ecommerce: null });
  window.dataLayer.push(event);
}

/** Raises an analytics event: sent now, kept until consent is decided, or dropped after refusal. */
export function pushAnalytics(event: AnalyticsEvent) {
  if (typeof window === "undefined" || allowed === false) return;
  if (allowed === null) waiting.push(event);
  else write(event);
}

/** Called by the consent logic whenever the shopper's analytics choice is known or changes. */
export function setAnalyticsConsent(consented: boolean) {
  allowed = consented;
  const replay = waiting;
  waiting = [];
  if (consented) for (const event of replay) write(event);
}

/** Tests only: back to "not decided", nothing waiting. */
export function resetAnalyticsForTests() {
  allowed = null;
  waiting = [];
}

/**
 * Google Consent Mode v2 commands (`gtag('consent', 'default' | 'update', signals)`), written to the
 * data layer in gtag's `arguments` form. Not held back or dropped like events: they carry the
 * shopper's choice itself, so the tag manager must see a refusal too. Called by the consent logic.
 */
export function pushConsentCommand(command: "default" | "update", signals: Record<string, "granted" | "denied">) {
  if (typeof window === "undefined") return;
  window.dataLayer = window.dataLayer ?? [];
  // gtag.js reads `arguments` objects, not arrays.
  const gtag = function (..._args: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments as unknown as Record<string, unknown>);
  };
  gtag("consent", command, signals);
}
