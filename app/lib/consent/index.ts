import type { ConsentState } from "../../../rules/consent/categories-and-cookie";
import type { ConsentScriptEntry, DecisionListener, RegisteredScript } from "./registry";

// The consent registry for the app's code: the one way a third-party or optional script enters a
// page (SPEC §4). The registry itself loads after hydration, outside the first-load JavaScript;
// these calls wait for it. Example (a reviews widget):
//
//   registerConsentScript({
//     id: "reviews", category: "functional", removeOnDecline: true,
//     options: { src: reviewsUrl },
//     approved: () => setShown(true), denied: () => setShown(false),
//   });

export type { ConsentScriptEntry, RegisteredScript, ScriptCategory, PrivacyManager } from "./registry";

export function registerConsentScript(entry: ConsentScriptEntry): Promise<RegisteredScript> {
  return import("./runtime").then((m) => m.consentRegistry().register(entry));
}

/** Runs the listener with the decision once known and on every change; resolves to an unsubscribe. */
export function onConsentDecision(listener: DecisionListener): Promise<() => void> {
  return import("./runtime").then((m) => m.consentRegistry().onDecision(listener));
}

/** Opens the privacy manager's preferences dialog (once it has loaded). */
export function openConsentPreferences(): void {
  window.privacyManager?.openPreferences?.();
}

export type { ConsentState };
