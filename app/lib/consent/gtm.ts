import { googleConsentSignals } from "../../../rules/consent/categories-and-cookie";
import { pushAnalytics, pushConsentCommand } from "../analytics";
import type { ConsentScriptEntry, ConsentRegistry } from "./registry";

// The tag manager (GTM_ID): Consent Mode v2 defaults go to the data layer before anything else,
// every decision is passed on as a Consent Mode update, and the container script enters the page
// through the consent registry under "advertising" only.

export const GTM_SCRIPT_ID = "google-tag-manager";

/** Consent Mode defaults now, and an update on every decision (register this before anything replays events). */
export function installConsentMode(registry: ConsentRegistry) {
  // Until the shopper says yes, Google's tags may neither store nor use anything.
  pushConsentCommand("default", googleConsentSignals(false));
  registry.onDecision((state) => pushConsentCommand("update", googleConsentSignals(state.advertising)));
}

export function gtmScriptEntry(scriptUrl: string): ConsentScriptEntry {
  return {
    id: GTM_SCRIPT_ID,
    category: "advertising",
    options: { src: scriptUrl, async: true },
    removeOnDecline: true,
    // Google Analytics' and ads' first-party cookies.
    cookies: ["_ga", "_gid", "_gat", "_gcl", "_gac"],
    // GTM's own start marker, as its snippet pushes it right before loading.
    beforeLoad: () => pushAnalytics({ event: "gtm.js", "gtm.start": Date.now() }),
  };
}
