import { afterAll, afterEach, beforeAll } from "vitest";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { openTestDatabase } from "../db/test-database";
import type { RenewalPassDeps } from "../jobs/autoship-runner";
import { cancelEverySubscription } from "./autoship";
import { renewalKit, type RenewalKit } from "./renewals";

// A test file's renewal engine on its own seeded database (PGlite, or PostgreSQL under
// `npm run test:pg`): the kit and the pass's deps, set up before the file's tests, and every
// subscription cancelled after each test so that a pass works on that test's subscriptions alone.

export type RenewalSuite = { database: Database; kit: RenewalKit; deps: RenewalPassDeps };

export function renewalSuite(config: Config): RenewalSuite {
  const suite = {} as RenewalSuite;
  beforeAll(async () => {
    suite.database = await openTestDatabase({ seeded: true });
    suite.kit = await renewalKit(suite.database, config);
    suite.deps = { db: suite.database.db, services: suite.kit.services, config };
  }, 60_000);
  afterAll(() => suite.database.close());
  afterEach(() => cancelEverySubscription(suite.database.db));
  return suite;
}
