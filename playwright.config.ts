import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import { ensureChromium } from "./scripts/ensure-system-deps";

/**
 * Browser tests: Debian's Chromium, driven against the production server on a free
 * port with its own fresh embedded database. Playwright evaluates this file in the runner and again
 * in every worker; the choices made once (port, database directory) travel to the workers through
 * process.env, which they inherit.
 */

const root = path.dirname(fileURLToPath(import.meta.url));

/** A free loopback port, found synchronously (the config cannot await). */
function freePortSync(): number {
  const probe = "const s=require('net').createServer();" + "s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ["-e", probe], { encoding: "utf8" }));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

process.env.E2E_PORT ??= String(freePortSync());
export const port = Number(process.env.E2E_PORT);
/** The D2C shop and the staff-feeding site (chosen by host name, ARCHITECTURE §1). */
export const shopOrigin = `http://localhost:${port}`;
export const staffOrigin = `http://pro.localhost:${port}`;

const tmpDir = path.join(root, ".tmp");
if (!process.env.E2E_PGLITE_DIR) {
  // First evaluation (the runner): a fresh database directory for this run. Directories of
  // earlier runs are removed once their runner (the pid in the name) has exited; another run
  // may be going on at the same time in this checkout.
  mkdirSync(tmpDir, { recursive: true });
  for (const name of readdirSync(tmpDir)) {
    const match = /^e2e-db-\d+-(\d+)(-mail)?$/.exec(name);
    if (match && !isRunning(Number(match[1]))) rmSync(path.join(tmpDir, name), { recursive: true, force: true });
  }
  const dir = path.join(tmpDir, `e2e-db-${Date.now()}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  process.env.E2E_PGLITE_DIR = dir;
}

process.env.CHROMIUM_PATH ??= ensureChromium();

const built = existsSync(path.join(root, "build/server/index.js"));

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  outputDir: "test-results",
  use: {
    baseURL: shopOrigin,
    headless: true,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    // `npm test` always builds first; a bare `npx playwright test` builds only when there is no build.
    // The console journey's owner: a setup link made from the shell before the shop starts (as an
    // operator would with `npm run admin:create`), kept where the test reads it; and one link per
    // other console test's operator (scripts/e2e-operators.ts).
    command: `${built ? "" : "npx react-router build && "}npx tsx scripts/admin-create.ts e2e-owner@example.test owner > ${process.env.E2E_PGLITE_DIR}-owner-link.txt && npx tsx scripts/e2e-operators.ts ${process.env.E2E_PGLITE_DIR}-operators.json && npx tsx server/main.ts`,
    cwd: root,
    url: `${shopOrigin}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: "",
      PGLITE_DIR: process.env.E2E_PGLITE_DIR,
      LOG_LEVEL: "warn",
      BUILD_POLL_SECONDS: "5",
      NODE_ENV: "production",
      // Recorded mail is also written here as JSON (the mail drop folder): tests read reset links from it.
      MAIL_OUTBOX_DIR: `${process.env.E2E_PGLITE_DIR}-mail`,
      // Long enough not to disturb any journey, short enough for the inactivity test (account.spec.ts).
      INACTIVITY_SECONDS: "20",
      // A tag manager is configured, so consent tests see its script load (or not); the browser
      // never reaches Google: tests/e2e/fixtures.ts answers its URL with a stub.
      GTM_ID: "GTM-E2E0001",
      // As behind the shop's proxy: each browser context sends its own address (tests/e2e/fixtures.ts).
      TRUST_PROXY: "true",
      // The renewal engine's pass every 10 s: the reminder mail a test waits for comes within seconds.
      AUTOSHIP_INTERVAL_SECONDS: "10",
      // The marketing list's automatic mails read a clock the journeys move (POST /api/test/clock,
      // server/test-clock.ts): an abandoned cart an hour or a day on, without waiting.
      TEST_CLOCK: "on",
    },
  },
});
