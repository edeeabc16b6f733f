import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { ensureChromium } from "./ensure-system-deps";

/**
 * `npm test`: typecheck, lint, unit/service tests, then the browser tests against a
 * fresh production build. Stops at the first failing step and exits with its code.
 */

const root = path.resolve(import.meta.dirname, "..");

// Non-interactive, no nags, plain output in logs.
const env: NodeJS.ProcessEnv = {
  ...process.env,
  npm_config_update_notifier: "false",
  npm_config_fund: "false",
  npm_config_audit: "false",
  NO_UPDATE_NOTIFIER: "1",
  DEBIAN_FRONTEND: "noninteractive",
};
// The tests start their own embedded databases; a DATABASE_URL from the shell must not leak in.
delete env.DATABASE_URL;

type Step = { name: string; command: string; args: string[]; before?: () => void };

/**
 * Steps in order; the steps of one group run at the same time (typecheck and lint read the same
 * files and use one core each), their output shown as each finishes.
 */
const groups: Step[][] = [
  [
    { name: "typecheck", command: "npm", args: ["run", "typecheck"] },
    { name: "lint", command: "npm", args: ["run", "lint"] },
  ],
  [{ name: "unit", command: "npx", args: ["vitest", "run"] }],
  [
    {
      name: "build",
      command: "npx",
      args: ["react-router", "build"],
      // Fail early, before the build, when no browser can be had; the path reaches Playwright via env.
      before: () => {
        env.CHROMIUM_PATH = ensureChromium();
      },
    },
  ],
  [{ name: "e2e", command: "npx", args: ["playwright", "test", "--forbid-only"] }],
];

const running = new Set<ReturnType<typeof spawn>>();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    process.exit(signal === "SIGINT" ? 130 : 143);
  });
}

/** Runs a step; with `quiet`, its output is kept and printed when it ends (steps running side by side). */
function run(step: Step, quiet: boolean): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { cwd: root, env, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
    running.add(child);
    const output: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
    child.once("error", (err) => {
      console.error(`[test] could not start ${step.command}: ${err.message}`);
      resolve(127);
    });
    child.once("close", (code, signal) => {
      running.delete(child);
      if (quiet) {
        console.log(`\n[test] ── ${step.name}: ${step.command} ${step.args.join(" ")}`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1));
    });
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)}s`;
const done: string[] = [];
const started = Date.now();

for (const group of groups) {
  const quiet = group.length > 1;
  const results = await Promise.all(
    group.map(async (step) => {
      if (!quiet) console.log(`\n[test] ── ${step.name}: ${step.command} ${step.args.join(" ")}`);
      const t0 = Date.now();
      let code: number;
      try {
        step.before?.();
        code = await run(step, quiet);
      } catch (err) {
        console.error(`[test] ${err instanceof Error ? err.message : String(err)}`);
        code = 1;
      }
      return { step, code, took: seconds(Date.now() - t0) };
    }),
  );
  const failed = results.find((r) => r.code !== 0);
  if (failed) {
    console.error(`\n[test] FAILED at ${failed.step.name} (exit ${failed.code}, ${failed.took}); passed before it: ${done.join(", ") || "nothing"}`);
    process.exit(failed.code);
  }
  done.push(...results.map((r) => `${r.step.name} ${r.took}`));
}

console.log(`\n[test] PASSED: ${done.join(", ")} — total ${seconds(Date.now() - started)}`);
