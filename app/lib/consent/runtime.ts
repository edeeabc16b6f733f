import { setAnalyticsConsent } from "../analytics";
import { gtmScriptEntry, installConsentMode } from "./gtm";
import { createConsentRegistry, type ConsentRegistry } from "./registry";

// The page's one consent registry, started once after hydration (app/features/consent/consent-boot.tsx).

declare global {
  interface Window {
    /** The page's consent registry, for scripts that are not part of the bundle. */
    consentRegistry?: ConsentRegistry;
  }
}

let registry: ConsentRegistry | null = null;

export function consentRegistry(): ConsentRegistry {
  if (!registry) {
    registry = createConsentRegistry({ window });
    window.consentRegistry = registry;
  }
  return registry;
}

export type ConsentStartOptions = {
  /** The tag manager's script URL (GTM_ID set, the shop only); null: no tag manager. */
  gtmScriptUrl: string | null;
  /** Analytics events are the shop's only (SPEC §2: none from the staff site). */
  analytics: boolean;
};

let started = false;

export function startConsent(options: ConsentStartOptions): ConsentRegistry {
  const r = consentRegistry();
  if (started) return r;
  started = true;
  // In this order on every decision: the Consent Mode update, then the waiting events replayed
  // (the analytics gate, app/lib/analytics.ts, follows the "Advertising and analytics" choice),
  // then the tag manager's script.
  if (options.gtmScriptUrl) installConsentMode(r);
  if (options.analytics) r.onDecision((state) => setAnalyticsConsent(state.advertising));
  if (options.gtmScriptUrl) r.register(gtmScriptEntry(options.gtmScriptUrl));
  r.start();
  return r;
}
