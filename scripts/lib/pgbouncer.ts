// PgBouncer in TRANSACTION pooling mode in front of a throwaway cluster (scripts/lib/pg-cluster.ts),
// in the cluster's directory, for `npm run test:hostile` and `test:deploy`: stopped with the cluster
// (its pid file is on the cluster watchdog's list: pass PGBOUNCER_PID_FILE to startCluster).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { asUser, ensurePgbouncer, ensurePostgresOsUser } from "../ensure-system-deps";
import { freePort, sleep, waitUntilReady, type Cluster } from "./pg-cluster";
import { onCleanup } from "./script-process";

export const PGBOUNCER_PID_FILE = "pgbouncer.pid";

export type Pgbouncer = {
  port: number;
  /** The pooled URL of a database of the cluster. */
  url: (database: string) => string;
  /** Stops PgBouncer (SIGINT: at once, dropping its connections) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
};

export async function startPgbouncer(cluster: Cluster, say: (msg: string) => void): Promise<Pgbouncer> {
  const bouncer = ensurePgbouncer();
  const tmp = cluster.dir;
  const port = await freePort();
  const ini = path.join(tmp, "pgbouncer.ini");
  const pidFile = path.join(tmp, PGBOUNCER_PID_FILE);
  // Every database name maps to the same cluster.
  writeFileSync(
    ini,
    [
      "[databases]",
      `* = host=127.0.0.1 port=${cluster.port} user=postgres`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      `unix_socket_dir = ${tmp}`,
      "auth_type = any",
      "pool_mode = transaction",
      "max_client_conn = 500",
      "default_pool_size = 20",
      "ignore_startup_parameters = extra_float_digits,options",
      // After the database restarts, log in again within a second (the default waits 15 s).
      "server_login_retry = 1",
      `logfile = ${path.join(tmp, "pgbouncer.log")}`,
      `pidfile = ${pidFile}`,
      "",
    ].join("\n"),
  );
  // PgBouncer will not run as root either: it runs as the cluster's OS user, which must own its files.
  const osUser = ensurePostgresOsUser();
  if (osUser) spawnSync("chown", ["-R", `${osUser}:`, tmp], { stdio: "inherit" });

  let proc: ChildProcess | undefined;
  const running = () => proc !== undefined && proc.exitCode === null && proc.signalCode === null;
  // runuser stands between us and pgbouncer: signal pgbouncer itself by its pid file.
  const signal = (name: "SIGINT" | "SIGTERM") => {
    if (existsSync(pidFile)) spawnSync("kill", [`-${name.slice(3)}`, readFileSync(pidFile, "utf8").trim()]);
    proc?.kill(name);
  };
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const handle: Pgbouncer = {
    port,
    url,
    async start() {
      const [cmd, cmdArgs] = asUser(osUser, bouncer, ["-q", ini]);
      proc = spawn(cmd, cmdArgs, { cwd: tmp, stdio: ["ignore", "inherit", "inherit"] });
      await waitUntilReady(url("postgres"));
    },
    async stop() {
      if (!running()) return;
      const exited = new Promise((resolve) => proc!.once("exit", resolve));
      signal("SIGINT");
      await Promise.race([exited, sleep(10_000)]);
      rmSync(pidFile, { force: true });
    },
  };
  onCleanup(() => {
    if (running()) {
      say("stopping PgBouncer");
      signal("SIGTERM");
    }
  });
  await handle.start();
  say(`PgBouncer (transaction pooling) is ready on 127.0.0.1:${port}`);
  return handle;
}
