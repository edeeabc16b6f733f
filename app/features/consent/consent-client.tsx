import { startConsent, type ConsentStartOptions } from "../../lib/consent/runtime";
import { chooseFromBanner, installPrivacyManager, onDecidedChange, PrivacyManagerUi } from "./privacy-manager";

// The lazily loaded half of consent-boot.tsx: window.privacyManager, then the consent logic; answers
// what consent-boot.tsx needs: the dialog to render, the banner's buttons, and whether to show it.

export function mountConsent(options: ConsentStartOptions) {
  installPrivacyManager();
  startConsent(options);
  return { Dialog: PrivacyManagerUi, choose: chooseFromBanner, onDecidedChange };
}

export type ConsentClient = ReturnType<typeof mountConsent>;
