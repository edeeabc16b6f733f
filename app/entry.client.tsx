import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { resumeNavigationAfterChunkFailure } from "./components/navigation-effects";
import { installReadRetry } from "./lib/api-client";

resumeNavigationAfterChunkFailure();
// SPEC §9: every read of the shop (data loads, fetcher loads, scripts' GETs) gets its one retry.
installReadRetry();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
