// A throwaway PostgreSQL cluster on a free loopback port, for `npm run test:pg`, `test:hostile` and `bench`:
// started in a temporary directory, always stopped and deleted again (normal exit, failure, Ctrl-C,
// and through a detached watchdog even when the parent is killed).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { asUser, ensurePostgresBin, ensurePostgresOsUser } from "../ensure-system-deps";
import { onCleanup } from "./script-process";

export type Cluster = {
  port: number;
  /** The cluster's temporary directory, owned by the OS user that runs PostgreSQL; deleted with the cluster. */
  dir: string;
  url: (database: string) => string;
  /** Stops the server (fast shutdown: open connections are cut) and starts it again on the same port after `downSeconds`. */
  restart: (downSeconds?: number) => Promise<void>;
};

export type ClusterOptions = {
  /** Start of the temporary directory's name (default shop-test-pg-). */
  dirPrefix?: string;
  /** More server options, e.g. `-c name=value`. */
  serverOptions?: string[];
  /**
   * Pid files, relative to the cluster's directory, of processes the caller runs next to the cluster
   * (PgBouncer): the watchdog kills them before it stops the cluster, so nothing outlives it.
   */
  watchdogPidFiles?: string[];
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A port nobody listens on right now (other processes on these machines hold some, e.g. 55432). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startCluster(say: (msg: string) => void, options: ClusterOptions = {}): Promise<Cluster> {
  const binDir = ensurePostgresBin();
  const osUser = ensurePostgresOsUser();
  const tmp = mkdtempSync(path.join(os.tmpdir(), options.dirPrefix ?? "shop-test-pg-"));
  onCleanup(() => rmSync(tmp, { recursive: true, force: true }));
  if (osUser) {
    // PostgreSQL will not run as root: the unprivileged user owns the whole cluster directory.
    const chown = spawnSync("chown", ["-R", `${osUser}:`, tmp], { stdio: "inherit" });
    if (chown.status !== 0) throw new Error(`chown ${osUser} ${tmp} failed`);
  }
  const dataDir = path.join(tmp, "data");
  const logFile = path.join(tmp, "postgres.log");

  const pgRun = (program: string, argv: string[]) => {
    const [cmd, cmdArgs] = asUser(osUser, path.join(binDir, program), argv);
    return spawnSync(cmd, cmdArgs, { cwd: tmp, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  };
  startWatchdog(tmp, asUser(osUser, path.join(binDir, "pg_ctl"), ["-D", dataDir, "-m", "fast", "-w", "stop"]), options.watchdogPidFiles ?? []);

  say(`initdb (${binDir}${osUser ? `, as OS user ${osUser}` : ""}) in ${tmp}`);
  const init = pgRun("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"]);
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`);

  let started = false;
  onCleanup(() => {
    if (!started) return;
    say("stopping the cluster");
    pgRun("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "-t", "30", "stop"]);
  });

  // The free port may be taken between probing and binding: try a few.
  for (let attempt = 1; attempt <= 3; attempt++) {
    const port = await freePort();
    const serverOptions = [
      `-p ${port}`,
      "-c listen_addresses=127.0.0.1",
      `-c unix_socket_directories='${tmp}'`,
      // A throwaway cluster: durability buys nothing, speed does.
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
      "-c max_connections=200",
      ...(options.serverOptions ?? []),
    ].join(" ");
    const start = pgRun("pg_ctl", ["-D", dataDir, "-l", logFile, "-o", serverOptions, "-w", "-t", "60", "start"]);
    if (start.status === 0) {
      started = true;
      // Not spawnSync: whatever runs meanwhile (a load under test) goes on while the server is away.
      const pgCtl = (argv: string[]) =>
        new Promise<void>((resolve, reject) => {
          const [cmd, cmdArgs] = asUser(osUser, path.join(binDir, "pg_ctl"), ["-D", dataDir, ...argv]);
          spawn(cmd, cmdArgs, { cwd: tmp, stdio: "ignore" }).once("exit", (code) =>
            code === 0 ? resolve() : reject(new Error(`pg_ctl ${argv.at(-1)} exited with ${code}`)),
          );
        });
      const restart = async (downSeconds = 0) => {
        await pgCtl(["-m", "fast", "-w", "-t", "60", "stop"]);
        await sleep(downSeconds * 1000);
        await pgCtl(["-l", logFile, "-o", serverOptions, "-w", "-t", "60", "start"]);
      };
      const cluster: Cluster = { port, dir: tmp, url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}`, restart };
      await waitUntilReady(cluster.url("postgres"));
      say(`PostgreSQL is ready on 127.0.0.1:${port}`);
      return cluster;
    }
    const log = existsSync(logFile) ? readFileSync(logFile, "utf8") : "";
    say(`pg_ctl start failed on port ${port} (attempt ${attempt}):\n${start.stdout}${start.stderr}${log}`);
    // pg_ctl -w may leave a postmaster that came up late; stop it before trying another port.
    pgRun("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
  }
  throw new Error("could not start PostgreSQL");
}

/**
 * The last line of defence: if this process dies without cleaning up (SIGKILL, or a wrapper such as
 * npx or tsx killing it on a second Ctrl-C), a detached shell stops the cluster and deletes its
 * directory as soon as this process is gone (first killing the processes of `pidFiles`). After a
 * normal clean-up it finds nothing to do.
 */
function startWatchdog(tmp: string, stop: [string, string[]], pidFiles: string[]): void {
  const quote = (a: string) => `'${a.replaceAll("'", `'\\''`)}'`;
  const script = [
    `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done`,
    ...pidFiles.map((file) => {
      const pidFile = quote(path.join(tmp, file));
      return `if [ -f ${pidFile} ]; then kill "$(cat ${pidFile})" 2>/dev/null; fi`;
    }),
    `if [ -f ${quote(path.join(tmp, "data/postmaster.pid"))} ]; then ${[stop[0], ...stop[1]].map(quote).join(" ")} >/dev/null 2>&1; fi`,
    `rm -rf ${quote(tmp)}`,
  ].join("\n");
  spawn("/bin/sh", ["-c", script], { detached: true, stdio: "ignore", cwd: "/" }).unref();
}

/** Resolves once `url` (PostgreSQL or a pooler in front of it) answers a query; gives up after 30 s. */
export async function waitUntilReady(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
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

export async function createDatabase(cluster: Cluster, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: cluster.url("postgres") });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  return cluster.url(name);
}
