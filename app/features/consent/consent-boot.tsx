import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import type { ConsentStartOptions } from "../../lib/consent/runtime";
import { ConsentBanner, type BannerChoice } from "./consent-banner";
import type { ConsentClient } from "./consent-client";

// Shows the banner from the server's page on, and mounts the privacy manager and the consent logic
// once the page has hydrated. Both are loaded with one import(), so neither adds to the first-load
// JavaScript (the banner's markup aside); until the consent logic has read the choice, analytics
// events wait in app/lib/analytics.ts.

/**
 * The privacy manager's code is requested as soon as this module runs in the browser, while the
 * page hydrates, rather than when hydration is over. The operator console loads no optional script
 * and asks nothing.
 */
const consentClient = !import.meta.env.SSR && !location.pathname.startsWith("/admin") ? import("./consent-client") : null;
// Reported where it is used (the effect below).
consentClient?.catch(() => {});

let mounted: Promise<ConsentClient> | null = null;

/** The privacy manager, started once per page load (the effect or an early banner press, whichever is first). */
function mount(options: ConsentStartOptions): Promise<ConsentClient> | null {
  if (!consentClient) return null;
  mounted ??= consentClient.then((m) => m.mountConsent(options));
  return mounted;
}

/** `asked`: the server rendered the banner (the request carried no decision that counts). */
export function ConsentBoot(props: ConsentStartOptions & { asked: boolean }) {
  const [client, setClient] = useState<ConsentClient | null>(null);
  // The server's word until the privacy manager has read the cookie itself; then the privacy manager's.
  const [asking, setAsking] = useState(props.asked);
  const { pathname, search } = useLocation();
  useEffect(() => {
    let stop = () => {};
    let gone = false;
    mount(props)
      ?.then((c) => {
        if (gone) return;
        setClient(c);
        stop = c.onDecidedChange((decided) => setAsking(!decided));
      })
      .catch((err: unknown) => console.log("consent: the privacy manager did not load", err));
    return () => {
      gone = true;
      stop();
    };
    // Once per page load: the choice and the configuration do not change while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A press after hydration but before the privacy manager has arrived is carried out once it has.
  const choose = (choice: BannerChoice) =>
    void mount(props)
      ?.then((c) => c.choose(choice))
      .catch((err: unknown) => console.log("consent: the privacy manager did not load", err));

  return (
    <>
      {/* The banner stays under the open dialog, so closing the dialog gives focus back to its button. */}
      {asking && <ConsentBanner onChoose={choose} returnTo={pathname + search} />}
      {client && <client.Dialog />}
    </>
  );
}
