import cluster from "node:cluster";
import os from "node:os";
import { serveClusterMetrics } from "./metrics";

/**
 * How many shop processes share the port (ARCHITECTURE §6): WEB_CONCURRENCY, by default one per
 * core — on PostgreSQL only. The embedded PGlite belongs to one process, and `npm run dev` runs
 * Vite in one.
 */
export function workerCount(env: NodeJS.ProcessEnv, opts: { dev: boolean }): number {
  if (opts.dev || !env.DATABASE_URL) return 1;
  const asked = Number(env.WEB_CONCURRENCY);
  const count = Number.isInteger(asked) && asked > 0 ? asked : (os.availableParallelism?.() ?? os.cpus().length);
  return Math.max(1, Math.min(count, 64));
}

/**
 * The primary of a multi-process shop: forks `count` workers (each runs the whole shop; node:cluster
 * shares the listening port between them), replaces one that dies unexpectedly, and on SIGTERM or
 * SIGINT passes the signal on and exits once every worker has finished its graceful stop.
 * Returns false in a worker (or when one process is enough): the caller then starts the shop itself.
 */
export function runPrimary(count: number): boolean {
  if (count <= 1 || !cluster.isPrimary) return false;
  let stopping = false;
  const listening = new Set<number>();
  // /metrics in any worker answers for all of them (server/metrics.ts).
  serveClusterMetrics();
  const fork = () => {
    const worker = cluster.fork();
    worker.once("listening", () => listening.add(worker.id));
  };
  for (let i = 0; i < count; i++) fork();
  cluster.on("exit", (worker, code, signal) => {
    const wasServing = listening.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    // One that never got to serve (a bad configuration, no database) would fail again: give up.
    if (!wasServing) {
      console.error(`shop worker ${worker.process.pid} exited (${signal ?? code}) before serving: stopping`);
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      process.exitCode = code || 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode);
      return;
    }
    console.error(`shop worker ${worker.process.pid} died (${signal ?? code}); starting another`);
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    // The workers give in-flight requests 10 s (server/server.ts); do not wait forever.
    setTimeout(() => process.exit(1), 30_000).unref();
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
  return true;
}
