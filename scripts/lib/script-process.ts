// The process frame of the scripts that start children and a throwaway PostgreSQL cluster
// (`npm run test:pg`, `test:hostile`, `bench`): `[name] …` output, one list of clean-up steps run at
// the end, after a failure and on Ctrl-C (SIGINT, SIGTERM, SIGHUP), the foreground child that a
// signal stops first, and the exit code.
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

const cleanups: (() => void)[] = [];

/** Registers a clean-up step; steps run newest first, at the end, on a signal and on process exit. */
export function onCleanup(step: () => void): void {
  cleanups.push(step);
}

/** Runs every registered clean-up step, newest first (idempotent). */
function cleanupAll(log: (msg: string) => void = console.error): void {
  while (cleanups.length) {
    try {
      cleanups.pop()!();
    } catch (err) {
      log(`clean-up step failed: ${(err as Error).message}`);
    }
  }
}

process.on("exit", () => cleanupAll());

/** The foreground child: the one a signal stops before the clean-up runs. */
let current: ChildProcess | undefined;

/** Makes `child` (or nothing) the foreground child, for one started otherwise than by runChild. */
export function setForeground(child: ChildProcess | undefined): void {
  current = child;
}

/** A child's exit as a shell reports it: its code, or 128 + the number of the signal that ended it. */
export function exitCodeOf(code: number | null, signal: NodeJS.Signals | null): number {
  return code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1);
}

/** Runs `command` in the foreground (inherited stdio, in the repository root) and resolves with its exit code. */
export function runChild(command: string, argv: string[], options: SpawnOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { stdio: "inherit", cwd: root, ...options });
    current = child;
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (current === child) current = undefined;
      resolve(exitCodeOf(code, signal));
    });
  });
}

export type Script = {
  /** `[name] msg` on stdout. */
  say: (msg: string) => void;
  /** `[name] msg` on stderr. */
  sayError: (msg: string) => void;
  /**
   * Runs the script's `main` and exits with the code it returns, or 1 when it throws (the error
   * reported with its stack when `stack` is set); `beforeCleanup`, then the clean-up, run in both cases.
   */
  run: (main: () => Promise<number>, options?: { stack?: boolean; beforeCleanup?: () => Promise<void> }) => Promise<never>;
};

/**
 * Sets up the script `name`: on SIGINT, SIGTERM or SIGHUP it says so, stops the foreground child,
 * cleans up and exits with 128 + the signal's number, as a shell would. (Node's default would exit
 * at once, leaving the cluster to its watchdog and the children running.)
 */
export function startScript(name: string): Script {
  const say = (msg: string) => console.log(`[${name}] ${msg}`);
  const sayError = (msg: string) => console.error(`[${name}] ${msg}`);
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ] as const) {
    process.on(signal, () => {
      say(`${signal} received: stopping`);
      if (current && current.exitCode === null) current.kill("SIGTERM");
      cleanupAll(sayError);
      process.exit(code);
    });
  }
  const run: Script["run"] = async (main, options = {}) => {
    let exitCode = 1;
    try {
      exitCode = await main();
    } catch (err) {
      sayError(err instanceof Error ? ((options.stack ? err.stack : undefined) ?? err.message) : String(err));
    } finally {
      await options.beforeCleanup?.();
      cleanupAll(sayError);
    }
    process.exit(exitCode);
  };
  return { say, sayError, run };
}

/** Builds the production app when there is none yet (scripts that start the production server); the build's exit code, 0 when one was there. */
export async function ensureProductionBuild(say: (msg: string) => void): Promise<number> {
  if (existsSync(path.join(root, "build/server/index.js"))) return 0;
  say("no production build yet: npx react-router build");
  return runChild("npx", ["react-router", "build"]);
}
