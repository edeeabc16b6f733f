import { startConsent, type ConsentStartOptions } from "../../lib/consent/runtime";
import { installPrivacyManager, PrivacyManagerUi } from "./privacy-manager";

// The lazily loaded half of consent-boot.tsx: window.privacyManager, then the consent logic; answers
// the banner and dialog component for consent-boot.tsx to render.

export function mountConsent(options: ConsentStartOptions) {
  installPrivacyManager();
  startConsent(options);
  return PrivacyManagerUi;
}
