import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { asUser, ensurePgbouncer, ensurePostgresOsUser } from "./ensure-system-deps";
import { freePort, startCluster, waitUntilReady } from "./lib/pg-cluster";
import { onCleanup, runChild, startScript } from "./lib/script-process";

/**
 * `npm run test:hostile [vitest args] [--no-pg]`: the hostile test suite (tests/hostile).
 *
 * 1. Builds the production app when build/ is missing (the in-process tests run its page actions).
 * 2. Starts a throwaway PostgreSQL cluster on a free loopback port (as test:pg does) and PgBouncer
 *    in front of it in TRANSACTION pooling mode, on another free port; both are stopped and
 *    deleted again at the end (also on failure and Ctrl-C).
 * 3. Runs vitest with vitest.hostile.config.ts: the in-process suites (fuzzing, cross-customer
 *    matrix, redirect corpus, HTTP edge) on PGlite, and tests/hostile/pg/*, which start several
 *    production server processes connected through PgBouncer (HOSTILE_PG_URL is the direct
 *    cluster URL, HOSTILE_PGBOUNCER_URL the pooled one).
 *
 * Fixed fast-check seed (HOSTILE_SEED to change; printed on failure); HOSTILE_RUNS_SCALE scales
 * the number of runs per route (default 1).
 */

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const noPg = args.includes("--no-pg");
const vitestArgs = args.filter((a) => a !== "--no-pg");
const { say, run } = startScript("test:hostile");

const PGBOUNCER_PID_FILE = "pgbouncer.pid";

/** The throwaway cluster, and PgBouncer in front of it in its directory (stopped and deleted with it). */
async function startClusterAndPgbouncer(): Promise<{ directUrl: string; pooledUrl: string }> {
  const bouncer = ensurePgbouncer();
  const cluster = await startCluster(say, { dirPrefix: "shop-test-hostile-", watchdogPidFiles: [PGBOUNCER_PID_FILE] });
  const tmp = cluster.dir;

  // PgBouncer in transaction pooling mode: every database name maps to the same cluster.
  const bouncerPort = await freePort();
  const ini = path.join(tmp, "pgbouncer.ini");
  const pidFile = path.join(tmp, PGBOUNCER_PID_FILE);
  writeFileSync(
    ini,
    [
      "[databases]",
      `* = host=127.0.0.1 port=${cluster.port} user=postgres`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${bouncerPort}`,
      `unix_socket_dir = ${tmp}`,
      "auth_type = any",
      "pool_mode = transaction",
      "max_client_conn = 500",
      "default_pool_size = 20",
      "ignore_startup_parameters = extra_float_digits,options",
      `logfile = ${path.join(tmp, "pgbouncer.log")}`,
      `pidfile = ${pidFile}`,
      "",
    ].join("\n"),
  );
  // PgBouncer will not run as root either: it runs as the cluster's OS user, which must own its files.
  const osUser = ensurePostgresOsUser();
  if (osUser) spawnSync("chown", ["-R", `${osUser}:`, tmp], { stdio: "inherit" });
  const [cmd, cmdArgs] = asUser(osUser, bouncer, ["-q", ini]);
  const proc = spawn(cmd, cmdArgs, { cwd: tmp, stdio: ["ignore", "inherit", "inherit"] });
  onCleanup(() => {
    if (proc.exitCode === null && proc.signalCode === null) {
      say("stopping PgBouncer");
      // runuser stands between us and pgbouncer: signal pgbouncer itself by its pid file.
      if (existsSync(pidFile)) spawnSync("kill", [readFileSync(pidFile, "utf8").trim()]);
      proc.kill("SIGTERM");
    }
  });
  const pooledUrl = `postgres://postgres@127.0.0.1:${bouncerPort}/postgres`;
  await waitUntilReady(pooledUrl);
  say(`PgBouncer (transaction pooling) is ready on 127.0.0.1:${bouncerPort}`);
  return { directUrl: cluster.url("postgres"), pooledUrl };
}

async function main(): Promise<number> {
  const started = Date.now();
  if (!existsSync(path.join(root, "build/server/index.js"))) {
    say("no production build yet: npx react-router build");
    const built = await runChild("npx", ["react-router", "build"]);
    if (built !== 0) return built;
  }
  const env: NodeJS.ProcessEnv = { ...process.env };
  const files = vitestArgs.filter((a) => a.startsWith("tests/"));
  const onlyInProcess = files.length > 0 && files.every((a) => !a.includes("/pg"));
  if (!noPg && !onlyInProcess) {
    const cluster = await startClusterAndPgbouncer();
    env.HOSTILE_PG_URL = cluster.directUrl;
    env.HOSTILE_PGBOUNCER_URL = cluster.pooledUrl;
  }
  say(`npx vitest run -c vitest.hostile.config.ts ${vitestArgs.join(" ")}`);
  const code = await runChild("npx", ["vitest", "run", "-c", "vitest.hostile.config.ts", ...vitestArgs], { env });
  say(`${code === 0 ? "PASSED" : "FAILED"} in ${Math.round((Date.now() - started) / 1000)} s`);
  return code;
}

await run(main);
