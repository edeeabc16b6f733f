import type { ErrorEvent } from "@sentry/node";
import { scrubPersonalData, stripQuery } from "../../../rules/shared/error-reports";
import type { Logger } from "../../log";
import { safeError } from "../../log";
import type { RateLimitService } from "../rate-limit";
import { cleanReport, type CleanReport, type ErrorsService } from "./service";
import type { StackMapper } from "./source-maps";

// The error-reporting adapter (ARCHITECTURE §2 "logs / errors"): with SENTRY_DSN set, errors go to
// Sentry through its official Node SDK; without it, to the errors table (./service.ts). Either way
// the report is the same cleaned one: source-mapped, no query strings, e-mails, tokens, cookies or
// bodies. Reporting never throws: a failing reporter must not turn one error into two.

/** A browser's report (POST /api/errors), already validated (server/http/errors-api.ts). */
export type BrowserErrorInput = { type?: string; message: string; stack?: string; url: string; release?: string };

export type ErrorReporter = {
  /** Where reports go: "sentry" or the errors table. */
  readonly sink: "sentry" | "table";
  /** An error the server did not handle (a page, an API call). `route` is the request's path. */
  server(err: unknown, where: { route: string; release: string }): Promise<void>;
  /** A browser's report: rate-limited per client IP, then kept like a server error. */
  browser(
    input: BrowserErrorInput,
    where: { ip: string | null; release: string },
  ): Promise<{ ok: true } | { ok: false; code: "RATE_LIMITED"; message: string }>;
  /** Waits for reports on their way to Sentry (shutdown). */
  flush(): Promise<void>;
};

type SentryNode = typeof import("@sentry/node");

/** The parts of an unknown thrown value worth keeping; a failed query loses its parameters (server/log.ts). */
export function describeError(err: unknown): { type: string; message: string; stack: string | null } {
  const safe = safeError(err) as { type?: unknown; message?: unknown; stack?: unknown } | unknown;
  if (safe && typeof safe === "object") {
    const s = safe as { type?: unknown; message?: unknown; stack?: unknown };
    return {
      type: typeof s.type === "string" ? s.type : "Error",
      message: typeof s.message === "string" ? s.message : String(s.message ?? ""),
      stack: typeof s.stack === "string" ? s.stack : null,
    };
  }
  return { type: "Error", message: typeof err === "string" ? err : String(err), stack: null };
}

/**
 * What Sentry is sent of an event: no request (cookies, headers, body, query string), no user, no
 * breadcrumbs; the message and frames scrubbed like the table's. The SDK's own error parsing stays.
 */
export function scrubSentryEvent(event: ErrorEvent): ErrorEvent {
  delete event.request;
  delete event.user;
  delete event.breadcrumbs;
  delete event.extra;
  for (const value of event.exception?.values ?? []) {
    if (value.value) value.value = scrubPersonalData(value.value);
    for (const frame of value.stacktrace?.frames ?? []) {
      if (frame.abs_path) frame.abs_path = stripQuery(frame.abs_path);
      if (frame.filename) frame.filename = stripQuery(frame.filename);
      delete frame.vars;
    }
  }
  if (event.message) event.message = scrubPersonalData(event.message);
  if (event.transaction) event.transaction = scrubPersonalData(stripQuery(event.transaction));
  return event;
}

/** What Sentry's SDK may collect by itself: nothing about the shopper or the request. */
const NO_PERSONAL_DATA: NonNullable<Parameters<SentryNode["init"]>[0]>["dataCollection"] = {
  userInfo: false,
  cookies: false,
  httpHeaders: false,
  httpBodies: [],
  urlQueryParams: false,
  databaseQueryData: false,
  queues: false,
  stackFrameVariables: false,
};

let sentryStarted: Promise<SentryNode> | undefined;

/** The SDK, started once per process: no default integrations (no global handlers, no tracing, no HTTP capture). */
function startSentry(dsn: string, environment: string, release: string): Promise<SentryNode> {
  return (sentryStarted ??= import("@sentry/node").then((Sentry) => {
    Sentry.initWithoutDefaultIntegrations({
      dsn,
      environment,
      release,
      dataCollection: NO_PERSONAL_DATA,
      enableRuntimeChannelInjection: false,
      tracesSampleRate: 0,
      maxBreadcrumbs: 0,
      beforeSend: scrubSentryEvent,
    });
    return Sentry;
  }));
}

/** An Error carrying a cleaned report, for the SDK to parse (type, message, frames). */
function asError(report: CleanReport): Error {
  const error = new Error(report.message);
  error.name = report.type;
  error.stack = report.stack ?? `${report.type}: ${report.message}`;
  return error;
}

export function createErrorReporter(deps: {
  errors: ErrorsService;
  rateLimit: RateLimitService;
  log?: Logger;
  sentryDsn?: string;
  environment?: string;
  mapStack?: StackMapper;
}): ErrorReporter {
  const { errors, rateLimit, log, sentryDsn } = deps;

  async function keep(report: CleanReport): Promise<void> {
    try {
      if (sentryDsn) {
        const Sentry = await startSentry(sentryDsn, deps.environment ?? "production", report.release);
        Sentry.captureException(asError(report), { tags: { source: report.source, route: report.route ?? "", release: report.release }, level: "error" });
      } else {
        await errors.record(report);
      }
    } catch (err) {
      log?.warn({ err, fingerprintSource: report.source }, "error report not kept");
    }
  }

  return {
    sink: sentryDsn ? "sentry" : "table",

    async server(err, where) {
      await keep(cleanReport({ source: "server", ...describeError(err), route: where.route, release: where.release }, deps.mapStack));
    },

    async browser(input, where) {
      const attempt = await rateLimit.take("error_report", "browser", where.ip);
      if (!attempt.ok) return { ok: false, code: "RATE_LIMITED", message: attempt.message };
      let route: string;
      try {
        route = new URL(input.url, "http://shop.invalid").pathname;
      } catch {
        route = stripQuery(input.url);
      }
      await keep(
        cleanReport(
          {
            source: "browser",
            type: input.type ?? "Error",
            message: input.message,
            stack: input.stack ?? null,
            route,
            release: input.release || where.release,
          },
          deps.mapStack,
        ),
      );
      return { ok: true };
    },

    async flush() {
      if (sentryStarted) await (await sentryStarted).flush(2000).catch(() => false);
    },
  };
}
