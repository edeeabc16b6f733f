import { useEffect, useState, type ComponentType } from "react";

// Mounts the privacy manager and the consent logic once the page has hydrated. Everything is loaded
// with one import(), so neither adds to the first-load JavaScript nor delays the largest paint;
// until the consent logic has read the choice, analytics events wait in app/lib/analytics.ts.

export function ConsentBoot(props: { gtmScriptUrl: string | null; analytics: boolean }) {
  const [Ui, setUi] = useState<ComponentType | null>(null);
  useEffect(() => {
    // The operator console loads no optional script and asks nothing.
    if (location.pathname.startsWith("/admin")) return;
    import("./consent-client")
      .then((m) => setUi(() => m.mountConsent(props)))
      .catch((err: unknown) => console.log("consent: the privacy manager did not load", err));
    // Once per page load: the choice and the configuration do not change while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return Ui ? <Ui /> : null;
}
