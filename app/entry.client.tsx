import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { resumeNavigationAfterChunkFailure } from "./components/navigation-effects";
import { installReadRetry } from "./lib/api-client";

resumeNavigationAfterChunkFailure();
// SPEC §9: every read of the shop (data loads, fetcher loads, scripts' GETs) gets its one retry.
installReadRetry();

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// The server's page is painted before hydration's work begins: the browser shows it as soon as the
// stylesheet is in, rather than after the scripts have run (a frame later at most). A hidden tab
// gets no animation frames, hence the timer.
let hydrating = false;
const start = () => {
  if (hydrating) return;
  hydrating = true;
  hydrate();
};
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 100);
