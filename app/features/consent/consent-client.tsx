import { createRoot } from "react-dom/client";
import { startConsent, type ConsentStartOptions } from "../../lib/consent/runtime";
import { installPrivacyManager, PrivacyManagerUi } from "./privacy-manager";

// The lazily loaded half of consent-boot.tsx: the privacy manager (window.privacyManager and its
// banner and dialog, in a React root of their own at the end of <body>), then the consent logic.

let mounted = false;

export function mountConsent(options: ConsentStartOptions) {
  if (mounted) return;
  mounted = true;
  installPrivacyManager();
  const host = document.createElement("div");
  host.id = "privacy-manager";
  document.body.appendChild(host);
  createRoot(host).render(<PrivacyManagerUi />);
  startConsent(options);
}
