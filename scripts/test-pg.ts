import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { createDatabase, freePort, sleep, startCluster, type Cluster } from "./lib/pg-cluster";
import { ensureProductionBuild, exitCodeOf, onCleanup, runChild, setForeground, startScript } from "./lib/script-process";

/**
 * `npm run test:pg [vitest args] [--skip-smoke]`: the database tests and a smoke run
 * of the production server against a real PostgreSQL, in a throwaway cluster this script starts
 * on a free loopback port and always stops and deletes again (also on failure and Ctrl-C).
 */

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const skipSmoke = args.includes("--skip-smoke");
const vitestArgs = args.filter((a) => a !== "--skip-smoke");

const { say, run } = startScript("test:pg");

// ---------------------------------------------------------------------------------------------
// Smoke run of the whole shop on PostgreSQL

type Span = { name: string; attributes: Record<string, unknown> };

/** An OTLP/HTTP receiver (JSON, as @opentelemetry/exporter-trace-otlp-http sends it) keeping every span it is sent. */
async function startTraceReceiver(): Promise<{ url: string; count(): number; waitFor(test: (spans: Span[]) => boolean): Promise<boolean> }> {
  const spans: Span[] = [];
  type Value = { stringValue?: string; intValue?: string | number; boolValue?: boolean };
  type Export = { resourceSpans?: { scopeSpans?: { spans?: { name: string; attributes?: { key: string; value: Value }[] }[] }[] }[] };
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      try {
        const sent = JSON.parse(body) as Export;
        for (const rs of sent.resourceSpans ?? [])
          for (const ss of rs.scopeSpans ?? [])
            for (const span of ss.spans ?? [])
              spans.push({
                name: span.name,
                attributes: Object.fromEntries((span.attributes ?? []).map((a) => [a.key, a.value.stringValue ?? a.value.intValue ?? a.value.boolValue])),
              });
      } catch {
        /* not JSON: counted as nothing */
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onCleanup(() => server.close());
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    count: () => spans.length,
    async waitFor(test) {
      for (let i = 0; i < 50; i++) {
        if (test(spans)) return true;
        await sleep(200);
      }
      return false;
    },
  };
}

/** One request on a connection of its own: the cluster's primary hands each connection to the next worker. */
function get(port: number, host: string, urlPath: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; requestId?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: urlPath, agent: false, headers: { ...headers, host: `${host}:${port}` } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, requestId: res.headers["x-request-id"] as string | undefined }));
    });
    req.setTimeout(10_000, () => req.destroy(new Error("timed out")));
    req.once("error", reject);
  });
}

async function smokeTest(cluster: Cluster): Promise<number> {
  const built = await ensureProductionBuild(say);
  if (built !== 0) return built;

  const databaseUrl = await createDatabase(cluster, `smoke_${randomBytes(4).toString("hex")}`);
  const traces = await startTraceReceiver();
  const metricsToken = randomBytes(24).toString("hex");
  const port = await freePort();
  say(`smoke: starting the production server on port ${port} against ${databaseUrl}`);
  const tsx = path.join(root, "node_modules/.bin/tsx");
  const server = spawn(tsx, ["server/main.ts"], {
    cwd: root,
    stdio: "inherit",
    // NODE_ENV as `npm start` sets it (scripts/start.ts) before the server code loads.
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      // Required in production with DATABASE_URL (server/config.ts).
      SESSION_SECRET: randomBytes(32).toString("hex"),
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      // Two processes, so that /metrics is shown to add up what both counted.
      WEB_CONCURRENCY: "2",
      METRICS_TOKEN: metricsToken,
      // Traces to a receiver of our own (OTLP/HTTP JSON), sent at once rather than every 5 s.
      OTEL_EXPORTER_OTLP_ENDPOINT: traces.url,
      OTEL_BSP_SCHEDULE_DELAY: "200",
    },
  });
  setForeground(server);
  const exited = new Promise<number>((resolve) => {
    server.once("exit", (code, signal) => resolve(exitCodeOf(code, signal)));
  });
  onCleanup(() => {
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
  });

  let exitedEarly: number | undefined;
  void exited.then((code) => (exitedEarly = code));

  const fail = async (message: string) => {
    console.error(`[test:pg] smoke FAILED: ${message}`);
    if (exitedEarly === undefined) {
      server.kill("SIGTERM");
      await Promise.race([exited, sleep(15_000)]);
    }
    return 1;
  };

  // First start migrates and seeds the catalogue: give it time.
  const deadline = Date.now() + 180_000;
  let health: { status: number; body: string } | undefined;
  while (Date.now() < deadline && exitedEarly === undefined) {
    health = await get(port, "localhost", "/api/health").catch(() => undefined);
    if (health?.status === 200) break;
    await sleep(500);
  }
  if (exitedEarly !== undefined) return fail(`the server exited with code ${exitedEarly} before answering`);
  if (health?.status !== 200) return fail(`GET /api/health did not answer 200 within 180 s`);
  let status: unknown;
  try {
    status = (JSON.parse(health.body) as { status?: unknown }).status;
  } catch {
    /* reported below */
  }
  if (status !== "ok") return fail(`GET /api/health answered ${health.body}, expected {"status":"ok",...}`);
  say(`smoke: GET /api/health → ${health.body}`);
  // Ready once its change-notice listeners hold their own PostgreSQL connections.
  let ready: { status: number; body: string } | undefined;
  for (let i = 0; i < 20 && ready?.status !== 200; i++) {
    if (i > 0) await sleep(250);
    ready = await get(port, "localhost", "/api/ready").catch(() => undefined);
  }
  if (ready?.status !== 200) return fail(`GET /api/ready answered ${ready?.status} ${ready?.body ?? ""}, expected 200`);
  say(`smoke: GET /api/ready → ${ready.body}`);

  // Both sites render their home page from the seeded catalogue on PostgreSQL.
  const requestIds: string[] = [];
  for (const host of ["localhost", "pro.localhost"]) {
    const page = await get(port, host, "/").catch((err: Error) => ({ status: 0, body: err.message, requestId: undefined }));
    if (page.status !== 200) return fail(`GET http://${host}:${port}/ answered ${page.status}`);
    if (page.requestId) requestIds.push(page.requestId);
    say(`smoke: GET http://${host}:${port}/ → 200`);
  }

  // Each page's request is a trace: its server span carries the request id, with PostgreSQL query spans.
  const traced = await traces.waitFor(
    (spans) =>
      requestIds.every((id) => spans.some((s) => s.attributes["shop.request_id"] === id)) &&
      spans.some((s) => (s.attributes["db.system.name"] ?? s.attributes["db.system"]) === "postgresql"),
  );
  if (!traced) return fail(`no trace with the pages' request ids and a PostgreSQL span reached the receiver (${traces.count()} spans)`);
  say(`smoke: traces → ${traces.count()} spans, the pages' server spans carry their request ids, queries have their own spans`);

  // /metrics adds up both processes: ten requests on ten connections, whichever process took each.
  for (let i = 0; i < 10; i++) await get(port, "localhost", "/api/build");
  if ((await get(port, "localhost", "/metrics")).status !== 401) return fail("GET /metrics without the token did not answer 401");
  const metrics = await get(port, "localhost", "/metrics", { authorization: `Bearer ${metricsToken}` });
  const builds = /^shop_http_requests_total\{method="GET",route="\/api\/build",status="2xx"\} (\d+)$/m.exec(metrics.body)?.[1];
  if (metrics.status !== 200 || builds !== "10")
    return fail(`GET /metrics answered ${metrics.status}, counting ${builds ?? "no"} /api/build requests (expected 10 over both processes)`);
  if (!/^shop_db_pool_connections\{state="idle"\} \d+$/m.test(metrics.body)) return fail("GET /metrics shows no database pool");
  say("smoke: GET /metrics → 10 of 10 requests counted over both processes");

  say("smoke: SIGTERM, expecting a clean exit");
  server.kill("SIGTERM");
  const code = await Promise.race([exited, sleep(30_000).then(() => "timeout" as const)]);
  setForeground(undefined);
  if (code === "timeout") {
    server.kill("SIGKILL");
    console.error("[test:pg] smoke FAILED: the server did not exit within 30 s of SIGTERM");
    return 1;
  }
  if (code !== 0) {
    console.error(`[test:pg] smoke FAILED: the server exited with code ${code} after SIGTERM`);
    return 1;
  }
  say("smoke: passed");
  return 0;
}

/** Test files that read TEST_DATABASE_URL directly (they talk to the server, not only to a test database). */
function filesReadingTestDatabaseUrl(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (/\.test\.tsx?$/.test(entry.name) && readFileSync(path.join(root, rel), "utf8").includes("TEST_DATABASE_URL")) found.push(rel);
    }
  };
  for (const dir of ["server", "scripts", "rules", "app"]) walk(dir);
  return found;
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  mkdirSync(os.tmpdir(), { recursive: true });
  const cluster = await startCluster(say);

  const testDatabaseUrl = cluster.url("postgres");
  // Without arguments: the test files that open a test database (vitest follows their imports to
  // server/db/test-database.ts) and those that read TEST_DATABASE_URL themselves. The others — pure
  // rules, components — run the same either way, and `npm test` has run them.
  const argv = vitestArgs.length ? ["run", ...vitestArgs] : ["related", "--run", "server/db/test-database.ts", ...filesReadingTestDatabaseUrl()];
  say(`npx vitest ${argv.join(" ")} with TEST_DATABASE_URL=${testDatabaseUrl}`);
  const vitest = await runChild("npx", ["vitest", ...argv], {
    env: { ...process.env, TEST_DATABASE_URL: testDatabaseUrl },
  });
  say(`vitest exited with ${vitest}`);

  const smoke = skipSmoke ? 0 : await smokeTest(cluster);
  const code = vitest || smoke;
  say(
    `${code === 0 ? "PASSED" : "FAILED"}: vitest ${vitest === 0 ? "ok" : `exit ${vitest}`}, ` +
      `smoke ${skipSmoke ? "skipped" : smoke === 0 ? "ok" : "failed"}`,
  );
  return code;
}

await run(main);
