import { defineConfig } from "vitest/config";
import { stylesheetUrlStandIn } from "./tests/setup/stylesheet-url";

// The hostile suite (tests/hostile, `npm run test:hostile` via scripts/test-hostile.ts): fuzzing,
// the cross-customer matrix, the redirect corpus and the edge checks in-process; the multi-process
// concurrency tests on PostgreSQL behind PgBouncer when HOSTILE_PG_URL is set. Not part of
// `npm run test:unit` (vitest.config.ts does not include tests/).
export default defineConfig({
  plugins: [stylesheetUrlStandIn()],
  test: {
    environment: "node",
    include: ["tests/hostile/**/*.test.ts"],
    globalSetup: ["tests/setup/test-databases.ts"],
    setupFiles: [],
    testTimeout: 120_000,
    // Generous: each file opens and seeds its own database(s), slow on a busy 2-core machine.
    hookTimeout: 300_000,
    pool: "forks",
    maxWorkers: 2,
    fileParallelism: true,
  },
});
