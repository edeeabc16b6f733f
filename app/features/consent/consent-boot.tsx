import { Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import type { ConsentStartOptions } from "../../lib/consent/runtime";
import { lazyView } from "../../lib/lazy-view";
import type { BannerChoice } from "./consent-banner";
import type { ConsentClient } from "./consent-client";

// Shows the banner from the server's page on, and mounts the privacy manager and the consent logic
// once the page has hydrated. The banner, the privacy manager and the consent logic come in one chunk
// fetched while the page hydrates, so none of them adds to the first-load JavaScript; until the
// consent logic has read the choice, analytics events wait in app/lib/analytics.ts.

/**
 * The privacy manager's code is requested as soon as this module runs in the browser, while the
 * page hydrates, rather than when hydration is over. The operator console loads no optional script
 * and asks nothing.
 */
const consentClient = !import.meta.env.SSR && !location.pathname.startsWith("/admin") ? import("./consent-client") : null;
// Reported where it is used (the effect below).
consentClient?.catch(() => {});

/**
 * The banner's code comes with the privacy manager's (one chunk, vite.config.ts pageChunks): a shopper
 * who has decided never loads it, and until it has arrived the server's banner is a plain form that
 * records a choice (consent-banner.tsx).
 */
const Banner = lazyView(() => import("./consent-banner").then((m) => m.ConsentBanner)).View;

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
      <Suspense fallback={null}>{asking && <Banner onChoose={choose} returnTo={pathname + search} />}</Suspense>
      {client && <client.Dialog />}
    </>
  );
}
