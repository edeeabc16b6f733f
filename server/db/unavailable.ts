// Whether an error means the database is away for a moment (no imports: the page entry uses it too).
/**
 * SQLSTATE classes and socket errors that mean the database (or the pooler in front of it) cannot
 * be reached right now — restarting, failing over, refusing logins — rather than that a query is
 * wrong: connection exceptions (08…), operator intervention (57P01–57P03), a refused or reset socket.
 */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "08P01",
]);

/** Whether `err` (or an error it wraps) says the database is unreachable for the moment: worth a 503 and a retry, not a 500. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    if (/^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/.test(e.message)) return true;
  }
  return false;
}
