// The browser's error reporter, loaded by every page once it has hydrated (a dynamic import from
// the root route: it weighs on no page's budget). Uncaught errors, unhandled promise rejections
// and errors shown on an error page go to POST /api/errors (the server scrubs, source-maps and
// counts them: server/modules/errors); with a Sentry DSN configured, Sentry's browser SDK is
// loaded instead and takes over. Only the page's path is sent: never its query string, a cookie
// or what the shopper typed.

type Sink = (error: unknown) => void;

let release = "";
// Sentry's capture once its SDK is loaded, or the SDK on its way (reports wait for it).
let sentry: Sink | Promise<Sink> | undefined;
const seen = new Set<string>();

export function reportBrowserError(error: unknown, kind = "error"): void {
  if (sentry) {
    void Promise.resolve(sentry).then((capture) => capture(error));
    return;
  }
  const e = error instanceof Error ? error : undefined;
  const message = e ? e.message : String(error);
  // "Script error.": another origin's script, whose details the browser hides. At most 10 reports a page, each once.
  if (!message || message === "Script error." || seen.size >= 10 || seen.has(message)) return;
  seen.add(message);
  fetch("/api/errors", {
    method: "POST",
    keepalive: true,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ type: e?.name, message: message.slice(0, 1000), stack: e?.stack?.slice(0, 6000), url: location.pathname, release, kind }),
  }).catch(() => {});
}

const isAbort = (reason: unknown) => reason instanceof DOMException && reason.name === "AbortError";

let listening = false;

/**
 * Listens for uncaught errors and unhandled rejections (once), with the page's build id and, when
 * SENTRY_DSN is set, Sentry's DSN (the root loader's public configuration).
 */
export function startErrorReporter(config: { buildId: string; sentryDsn: string | null }): void {
  release = config.buildId;
  if (!listening) {
    listening = true;
    // Once Sentry's SDK runs, its own handlers see these.
    addEventListener("error", (event) => {
      if (typeof sentry != "function") reportBrowserError(event.error ?? event.message);
    });
    addEventListener("unhandledrejection", (event) => {
      // A request the router stopped because the shopper moved on (a fetcher's revalidation a
      // navigation made stale rejects its submit promise, which React Router's forms leave
      // unhandled): nothing failed, so nothing to log or report.
      if (isAbort(event.reason)) return event.preventDefault();
      if (typeof sentry != "function") reportBrowserError(event.reason, "unhandledrejection");
    });
  }
  if (config.sentryDsn && !sentry) sentry = import("./sentry-browser").then((m) => (sentry = m.startSentry(config.sentryDsn!, release)));
}
