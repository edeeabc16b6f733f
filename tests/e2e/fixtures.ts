import { test as base, expect } from "@playwright/test";

/**
 * Every browser test imports `test` and `expect` from here, not from @playwright/test.
 * A test fails when any page it opened throws an uncaught error or logs a console error
 * (hydration warnings included). A test that provokes an expected error says so:
 *   test.use({ allowedConsoleErrors: [/status of 404/] });
 */

// Chosen once by playwright.config.ts and inherited by the workers.
const port = Number(process.env.E2E_PORT);

/** URL on the D2C shop (http://localhost:PORT). */
export function shopUrl(path = "/"): string {
  return new URL(path, `http://localhost:${port}`).toString();
}

/** URL on the staff-feeding site (http://pro.localhost:PORT, chosen by host name). */
export function staffUrl(path = "/"): string {
  return new URL(path, `http://pro.localhost:${port}`).toString();
}

type Fixtures = {
  /** Console errors matching one of these do not fail the test. */
  allowedConsoleErrors: (string | RegExp)[];
  failOnBrowserErrors: void;
};

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],

  failOnBrowserErrors: [
    async ({ context, allowedConsoleErrors }, use) => {
      const problems: string[] = [];
      const allowed = (text: string) =>
        allowedConsoleErrors.some((p) => (typeof p === "string" ? text.includes(p) : p.test(text)));

      // Context-level events cover every page and popup the test opens.
      context.on("console", (msg) => {
        if (msg.type() !== "error" || allowed(msg.text())) return;
        const { url, lineNumber } = msg.location();
        problems.push(`console.error: ${msg.text()}${url ? `\n    at ${url}:${lineNumber}` : ""}`);
      });
      context.on("weberror", (webError) => {
        const err = webError.error();
        if (allowed(err.message)) return;
        problems.push(`page error: ${err.stack || err.message}${webError.page() ? `\n    on ${webError.page()!.url()}` : ""}`);
      });

      await use();

      if (problems.length > 0) {
        throw new Error(`the browser reported ${problems.length} error(s):\n${problems.join("\n")}`);
      }
    },
    { auto: true },
  ],
});

export { expect };
