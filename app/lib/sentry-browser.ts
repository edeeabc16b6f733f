import { captureException, init, type ErrorEvent } from "@sentry/browser";
import { scrubPersonalData, stripQuery } from "../../rules/shared/error-reports";

// Sentry's browser SDK, loaded by app/lib/error-reporter.ts only when SENTRY_DSN is set, so it never
// weighs on a page without it. Its own handlers catch uncaught errors and rejections; no
// breadcrumbs (they record clicks, inputs and URLs), no user, no cookies or headers, no query strings.

function scrub(event: ErrorEvent): ErrorEvent {
  if (event.request) event.request = event.request.url ? { url: stripQuery(event.request.url) } : {};
  delete event.user;
  delete event.breadcrumbs;
  for (const value of event.exception?.values ?? []) {
    if (value.value) value.value = scrubPersonalData(value.value);
    for (const frame of value.stacktrace?.frames ?? []) if (frame.filename) frame.filename = stripQuery(frame.filename);
  }
  if (event.message) event.message = scrubPersonalData(event.message);
  return event;
}

export function startSentry(dsn: string, release: string): (error: unknown) => void {
  init({
    dsn,
    release,
    // Nothing about the shopper or the request: no user, cookies, headers, bodies or query strings.
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false, stackFrameVariables: false },
    integrations: (defaults) => defaults.filter((i) => i.name !== "Breadcrumbs"),
    beforeSend: scrub,
  });
  return (error) => void captureException(error);
}
