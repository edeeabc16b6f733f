import { defineConfig } from "vitest/config";
import { stylesheetUrlStandIn } from "./tests/setup/stylesheet-url";

// Unit and service tests (ARCHITECTURE §2). Deliberately not vite.config.ts: the React Router
// plugin is for the app build, not for tests.
export default defineConfig({
  plugins: [stylesheetUrlStandIn()],
  test: {
    environment: "node",
    include: ["server/**/*.test.ts", "rules/**/*.test.ts", "app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**", "build/**", ".tmp/**", "data/**"],
    globalSetup: ["tests/setup/test-databases.ts"],
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each test file opens its own PGlite (a WASM PostgreSQL, 1–3 s and a few hundred MB):
    // two at a time suits the 2-core machines this runs on.
    pool: "forks",
    maxWorkers: 2,
    fileParallelism: true,
  },
});
