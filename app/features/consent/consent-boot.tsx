import { useEffect, useState, type ComponentType } from "react";

// Mounts the consent logic and the privacy manager once the page has hydrated. Both are loaded with
// import(), so neither adds to the first-load JavaScript nor delays the largest paint; until the
// consent logic has read the choice, analytics events wait in app/lib/analytics.ts.

export function ConsentBoot({ gtmScriptUrl, analytics }: { gtmScriptUrl: string | null; analytics: boolean }) {
  const [Ui, setUi] = useState<ComponentType | null>(null);
  useEffect(() => {
    // The operator console loads no optional script and asks nothing.
    if (location.pathname.startsWith("/admin")) return;
    let live = true;
    import("./privacy-manager")
      .then((manager) => {
        manager.installPrivacyManager();
        if (live) setUi(() => manager.PrivacyManagerUi);
        return import("../../lib/consent/runtime");
      })
      .then((runtime) => runtime.startConsent({ gtmScriptUrl, analytics }))
      .catch((err: unknown) => console.log("consent: the privacy manager did not load", err));
    return () => {
      live = false;
    };
    // Once per page load: the choice and the configuration do not change while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return Ui ? <Ui /> : null;
}
