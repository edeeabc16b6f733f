import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { asUser, ensurePgbouncer, ensurePostgresBin, ensurePostgresOsUser } from "./ensure-system-deps";
import { freePort, sleep } from "./lib/pg-cluster";

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
const say = (msg: string) => console.log(`[test:hostile] ${msg}`);

let current: ChildProcess | undefined;
const cleanups: (() => void)[] = [];
function cleanupAll(): void {
  while (cleanups.length) {
    try {
      cleanups.pop()!();
    } catch (err) {
      console.error(`[test:hostile] clean-up step failed: ${(err as Error).message}`);
    }
  }
}
process.on("exit", cleanupAll);
for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143], ["SIGHUP", 129]] as const) {
  process.on(signal, () => {
    say(`${signal} received: stopping`);
    if (current && current.exitCode === null) current.kill("SIGTERM");
    cleanupAll();
    process.exit(code);
  });
}

function runChild(command: string, argv: string[], options: SpawnOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { stdio: "inherit", cwd: root, ...options });
    current = child;
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (current === child) current = undefined;
      resolve(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1));
    });
  });
}

async function waitUntilReady(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query("select 1");
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await sleep(250);
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/** Detached shell that stops the cluster and PgBouncer and deletes tmp once this process is gone (SIGKILL). */
function startWatchdog(tmp: string, stops: string[][]): void {
  const quote = (a: string) => `'${a.replaceAll("'", `'\\''`)}'`;
  const script = [
    `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done`,
    `if [ -f ${quote(path.join(tmp, "pgbouncer.pid"))} ]; then kill "$(cat ${quote(path.join(tmp, "pgbouncer.pid"))})" 2>/dev/null; fi`,
    ...stops.map((s) => `if [ -f ${quote(path.join(tmp, "data/postmaster.pid"))} ]; then ${s.map(quote).join(" ")} >/dev/null 2>&1; fi`),
    `rm -rf ${quote(tmp)}`,
  ].join("\n");
  spawn("/bin/sh", ["-c", script], { detached: true, stdio: "ignore", cwd: "/" }).unref();
}

type Cluster = { directUrl: string; pooledUrl: string };

async function startClusterAndPgbouncer(): Promise<Cluster> {
  const binDir = ensurePostgresBin();
  const bouncer = ensurePgbouncer();
  const osUser = ensurePostgresOsUser();
  const tmp = mkdtempSync(path.join(os.tmpdir(), "shop-test-hostile-"));
  cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));
  // PostgreSQL and PgBouncer will not run as root: the unprivileged user owns the whole directory.
  if (osUser && spawnSync("chown", ["-R", `${osUser}:`, tmp], { stdio: "inherit" }).status !== 0) throw new Error(`chown ${osUser} ${tmp} failed`);
  const dataDir = path.join(tmp, "data");
  const logFile = path.join(tmp, "postgres.log");
  const run = (program: string, argv: string[]) => {
    const [cmd, cmdArgs] = asUser(osUser, program, argv);
    return spawnSync(cmd, cmdArgs, { cwd: tmp, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  };
  const pgCtl = path.join(binDir, "pg_ctl");
  startWatchdog(tmp, [asUser(osUser, pgCtl, ["-D", dataDir, "-m", "immediate", "-w", "stop"]).flat()]);

  say(`initdb in ${tmp}`);
  const init = run(path.join(binDir, "initdb"), ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"]);
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`);

  let pgPort = 0;
  for (let attempt = 1; attempt <= 3 && !pgPort; attempt++) {
    const port = await freePort();
    const opts = [`-p ${port}`, "-c listen_addresses=127.0.0.1", `-c unix_socket_directories='${tmp}'`, "-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off", "-c max_connections=200"].join(" ");
    const start = run(pgCtl, ["-D", dataDir, "-l", logFile, "-o", opts, "-w", "-t", "60", "start"]);
    if (start.status === 0) {
      pgPort = port;
      cleanups.push(() => {
        say("stopping the cluster");
        run(pgCtl, ["-D", dataDir, "-m", "fast", "-w", "-t", "30", "stop"]);
      });
    } else {
      say(`pg_ctl start failed on port ${port} (attempt ${attempt}):\n${start.stdout}${start.stderr}${existsSync(logFile) ? readFileSync(logFile, "utf8") : ""}`);
      run(pgCtl, ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
    }
  }
  if (!pgPort) throw new Error("could not start PostgreSQL");
  const directUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
  await waitUntilReady(directUrl);
  say(`PostgreSQL is ready on 127.0.0.1:${pgPort}`);

  // PgBouncer in transaction pooling mode: every database name maps to the same cluster.
  const bouncerPort = await freePort();
  const ini = path.join(tmp, "pgbouncer.ini");
  writeFileSync(
    ini,
    [
      "[databases]",
      `* = host=127.0.0.1 port=${pgPort} user=postgres`,
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
      `pidfile = ${path.join(tmp, "pgbouncer.pid")}`,
      "",
    ].join("\n"),
  );
  if (osUser) spawnSync("chown", ["-R", `${osUser}:`, tmp], { stdio: "inherit" });
  const [cmd, cmdArgs] = asUser(osUser, bouncer, ["-q", ini]);
  const proc = spawn(cmd, cmdArgs, { cwd: tmp, stdio: ["ignore", "inherit", "inherit"] });
  cleanups.push(() => {
    if (proc.exitCode === null && proc.signalCode === null) {
      say("stopping PgBouncer");
      const pidFile = path.join(tmp, "pgbouncer.pid");
      // runuser stands between us and pgbouncer: signal pgbouncer itself by its pid file.
      if (existsSync(pidFile)) spawnSync("kill", [readFileSync(pidFile, "utf8").trim()]);
      proc.kill("SIGTERM");
    }
  });
  const pooledUrl = `postgres://postgres@127.0.0.1:${bouncerPort}/postgres`;
  await waitUntilReady(pooledUrl);
  say(`PgBouncer (transaction pooling) is ready on 127.0.0.1:${bouncerPort}`);
  return { directUrl, pooledUrl };
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

let exitCode = 1;
try {
  exitCode = await main();
} catch (err) {
  console.error(`[test:hostile] ${err instanceof Error ? err.message : String(err)}`);
} finally {
  cleanupAll();
}
process.exit(exitCode);
