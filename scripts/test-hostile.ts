import { startCluster } from "./lib/pg-cluster";
import { PGBOUNCER_PID_FILE, startPgbouncer } from "./lib/pgbouncer";
import { ensureProductionBuild, runChild, startScript } from "./lib/script-process";

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

const args = process.argv.slice(2);
const noPg = args.includes("--no-pg");
const vitestArgs = args.filter((a) => a !== "--no-pg");
const { say, run } = startScript("test:hostile");

/** The throwaway cluster, and PgBouncer in front of it in its directory (stopped and deleted with it). */
async function startClusterAndPgbouncer(): Promise<{ directUrl: string; pooledUrl: string }> {
  const cluster = await startCluster(say, { dirPrefix: "shop-test-hostile-", watchdogPidFiles: [PGBOUNCER_PID_FILE] });
  const bouncer = await startPgbouncer(cluster, say);
  return { directUrl: cluster.url("postgres"), pooledUrl: bouncer.url("postgres") };
}

async function main(): Promise<number> {
  const started = Date.now();
  const built = await ensureProductionBuild(say);
  if (built !== 0) return built;
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
