import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import { activeTraceIds } from "./telemetry";

/**
 * JSON logs. Anything that might hold a secret is redacted by key, wherever it sits, so a
 * careless `log.info({ body })` cannot leak a password or token.
 */
export const SECRET_KEYS = [
  "password",
  "newPassword",
  "token",
  "sessionToken",
  "jwt",
  "authorization",
  "cookie",
  "set-cookie",
  "customerAccessToken",
  "cardNumber",
  "cvc",
];

/** The request being answered, for every line logged while it is (whichever module logs it). */
const requestScope = new AsyncLocalStorage<{ requestId: string }>();
export const inRequest = <T>(requestId: string, work: () => Promise<T>): Promise<T> => requestScope.run({ requestId }, work);

export function createLogger(level = "info", destination?: pino.DestinationStream) {
  const key = (k: string) => (/^[A-Za-z_]\w*$/.test(k) ? k : `["${k}"]`);
  const paths = SECRET_KEYS.flatMap((k) => [key(k), `*.${key(k)}`, `*.*.${key(k)}`].map((p) => p.replace(".[", "[")));
  return pino(
    {
      level,
      redact: { paths, censor: "[redacted]" },
      base: undefined,
      serializers: { err: safeError, error: safeError },
      // The request's id, and its trace while tracing is on (server/telemetry.ts), on every line.
      mixin: () => ({ ...requestScope.getStore(), ...activeTraceIds() }),
    },
    destination,
  );
}

/**
 * A request path as logged: a path segment that is itself a credential (the price guard mail's
 * answer link, PRICE_ANSWER_PATH/<signed token>; the reminder mail's links, MAIL_ACTION_PATH/<signed
 * token>) is replaced, as the query string is left out.
 */
export function loggedPath(path: string): string {
  return path.replace(/^(\/autoship\/(?:price-answer|manage)\/)[^/]+/, "$1[redacted]");
}

type QueryError = Error & { query?: unknown; params?: unknown };
type DbCause = { message?: unknown; code?: unknown; severity?: unknown; constraint?: unknown; table?: unknown };

/**
 * Errors as logged. A failed query (Drizzle's error carries `query` and `params`, and repeats both in
 * its message and stack) is logged as the database's SQLSTATE code and message only: its parameters
 * are password hashes, processor tokens, e-mail addresses. The database's `detail` is left out too
 * (it quotes the offending values). Other errors go through pino's usual serializer.
 */
export function safeError(err: unknown): unknown {
  const chain: unknown[] = [];
  for (let e = err; e instanceof Error && chain.length < 5; e = e.cause) chain.push(e);
  const queryAt = chain.findIndex((e) => (e as QueryError).query !== undefined || (e as QueryError).params !== undefined);
  if (queryAt < 0) return err instanceof Error ? pino.stdSerializers.err(err) : err;
  const outer = chain[0] as Error;
  const db = (chain[queryAt + 1] ?? {}) as DbCause;
  const text = (v: unknown) => (typeof v === "string" ? v : undefined);
  return {
    type: "DatabaseError",
    // PostgreSQL quotes a rejected input value at the end ('invalid input syntax for type uuid: "…"').
    message: text(db.message)?.replace(/: ".*"$/s, ': "[redacted]"') ?? "query failed",
    code: text(db.code),
    severity: text(db.severity),
    constraint: text(db.constraint),
    table: text(db.table),
    // Where it failed: the frames only, not the message line that holds the query and its parameters.
    stack: outer === chain[queryAt] ? frames(outer.stack) : `${outer.name}: ${outer.message}\n${frames(outer.stack)}`,
  };
}

const frames = (stack: string | undefined) =>
  (stack ?? "")
    .split("\n")
    .filter((l) => /^\s+at /.test(l))
    .join("\n");

export type Logger = pino.Logger;
