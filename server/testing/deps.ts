import type { Writable } from "node:stream";
import { afterAll, beforeAll } from "vitest";
import { parseConfig } from "../config";
import { createDeps, type AppDeps } from "../context";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import { createLogger } from "../log";
import { requestContext } from "../request-context";
import { siteFor } from "../../rules/shared/site";

/**
 * The app's dependencies over a fresh test database for one test file: opened (and seeded when
 * asked) before its tests, closed after them. The fields are filled once the file's tests run.
 */
export function testDeps(options: { env?: Record<string, string>; seed?: boolean; log?: Writable; build?: string } = {}) {
  const t = {} as { database: Database; deps: AppDeps };
  beforeAll(async () => {
    t.database = await openTestDatabase({ seeded: options.seed });
    const logger = options.log ? createLogger("info", options.log) : createLogger("silent");
    t.deps = createDeps(parseConfig(options.env ?? {}), t.database, logger, () => options.build ?? "test");
  }, 60_000);
  afterAll(() => t.database?.close());
  return t;
}

/** A page's request context for a signed-out visitor of the shop from this client address. */
export function visitorContext(deps: AppDeps, clientIp: string) {
  return requestContext(deps, siteFor("d2c", "Kibble & Co."), { session: null, customer: null, clientIp, staleSessionCookie: false, staff: null });
}
