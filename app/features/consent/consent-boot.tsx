import { useEffect, useState, type ComponentType } from "react";

// Mounts the privacy manager and the consent logic once the page has hydrated. Everything is loaded
// with one import(), so neither adds to the first-load JavaScript nor delays the largest paint;
// until the consent logic has read the choice, analytics events wait in app/lib/analytics.ts.

/**
 * The privacy manager's code is requested as soon as this module runs in the browser, while the
 * page hydrates, rather than when hydration is over: a first visit's banner is often its largest
 * paint. The operator console loads no optional script and asks nothing.
 */
const consentClient =
  !import.meta.env.SSR && !location.pathname.startsWith("/admin") ? import("./consent-client") : null;
// Reported where it is used (the effect below).
consentClient?.catch(() => {});

export function ConsentBoot(props: { gtmScriptUrl: string | null; analytics: boolean }) {
  const [Ui, setUi] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!consentClient) return;
    consentClient
      .then((m) => setUi(() => m.mountConsent(props)))
      .catch((err: unknown) => console.log("consent: the privacy manager did not load", err));
    // Once per page load: the choice and the configuration do not change while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return Ui ? <Ui /> : null;
}
