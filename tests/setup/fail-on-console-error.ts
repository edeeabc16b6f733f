import { format } from "node:util";
import { afterEach, beforeEach, vi, type MockInstance } from "vitest";

/**
 * STYLE habit 12: a test fails when it calls console.error, so swallowed errors and React warnings
 * surface instead of scrolling by. The message is still printed. A test that expects an error
 * to be logged says so with `allowConsoleErrors()` (or mocks console.error itself and clears it).
 */

const state = globalThis as typeof globalThis & { __allowConsoleErrors?: boolean };

/** Lets the current test call console.error without failing. */
export function allowConsoleErrors(): void {
  state.__allowConsoleErrors = true;
}

let spy: MockInstance<typeof console.error> | undefined;

beforeEach(() => {
  state.__allowConsoleErrors = false;
  spy = vi.spyOn(console, "error");
});

afterEach(() => {
  const calls = spy?.mock.calls.slice() ?? [];
  spy?.mockRestore();
  spy = undefined;
  if (calls.length === 0 || state.__allowConsoleErrors) return;
  const printed = calls.map((args, i) => `  ${i + 1}. ${format(...args)}`).join("\n");
  throw new Error(`console.error was called ${calls.length} time(s) during the test:\n${printed}`);
});
