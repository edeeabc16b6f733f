import { test as base, expect, type Browser, type BrowserContext } from "@playwright/test";
import { CONSENT_COOKIE, CONSENT_REVISION, encodeConsentCookie } from "../../rules/consent/categories-and-cookie";

/**
 * Every browser test imports `test` and `expect` from here, not from @playwright/test.
 * A test fails when any page it opened throws an uncaught error or logs a console error
 * (hydration warnings included). A test that provokes an expected error says so:
 *   test.use({ allowedConsoleErrors: [/status of 404/] });
 *
 * Every browser context a test opens (the default one and any `browser.newContext()`) starts with
 * the cookie choice already made — "Accept all" — so the privacy manager's banner covers nothing.
 * Consent tests opt out with `test.use({ consent: null })` (first visit: the banner asks), or
 * start refused with `test.use({ consent: "reject" })`.
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

/** The consent cookie of an already-made choice, on both sites. */
export function consentCookies(choice: "accept" | "reject") {
  const value = encodeConsentCookie({
    revision: CONSENT_REVISION,
    functional: choice === "accept",
    advertising: choice === "accept",
    anonymousId: "e2e-fixture-browser-0001",
    decidedAt: Math.floor(Date.now() / 1000),
  });
  return [shopUrl("/"), staffUrl("/")].map((url) => ({ name: CONSENT_COOKIE, value, url, sameSite: "Lax" as const }));
}

type Fixtures = {
  /** Console errors matching one of these do not fail the test. */
  allowedConsoleErrors: (string | RegExp)[];
  failOnBrowserErrors: void;
  /** The cookie choice every context starts with; null: none (a first visit, the banner shows). */
  consent: "accept" | "reject" | null;
  consentDecided: void;
};

/** The tag manager's script URL of the e2e server (GTM_ID in playwright.config.ts). */
export const GTM_URL_PATTERN = "https://www.googletagmanager.com/**";

/**
 * The e2e server has a tag manager configured and contexts accept cookies: its script is answered
 * here by an empty stub, so nothing leaves the machine. A test that watches it routes it again
 * (the last route added wins).
 */
async function stubTagManager(context: BrowserContext) {
  await context.route(GTM_URL_PATTERN, (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: "/* tag manager stub */" }));
}

/** Gives a context the consent cookie now and again after the test clears its cookies. */
async function keepConsent(context: BrowserContext, choice: "accept" | "reject") {
  await context.addCookies(consentCookies(choice));
  const clear = context.clearCookies.bind(context);
  context.clearCookies = async (...args: Parameters<BrowserContext["clearCookies"]>) => {
    await clear(...args);
    await context.addCookies(consentCookies(choice));
  };
}

/**
 * Each browser context is a shopper of its own network address, as the shop sees shoppers behind its
 * proxy (the e2e server trusts X-Forwarded-For: playwright.config.ts). Per-address rate limits
 * (registrations, card tries) then count one test's shopper, not the whole suite from 127.0.0.1.
 */
let shoppers = 0;
function shopperAddress(workerIndex: number): string {
  shoppers++;
  return `10.${workerIndex % 256}.${(shoppers >> 8) % 256}.${shoppers % 256}`;
}

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  consent: ["accept", { option: true }],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter
  extraHTTPHeaders: async ({}, use, testInfo) => {
    await use({ "X-Forwarded-For": shopperAddress(testInfo.workerIndex) });
  },

  context: async ({ context, consent }, use) => {
    await stubTagManager(context);
    if (consent) await keepConsent(context, consent);
    await use(context);
  },

  // Contexts a test opens itself get the same choice, for the length of the test.
  consentDecided: [
    async ({ browser, consent }, use) => {
      const newContext = browser.newContext.bind(browser);
      (browser as Browser).newContext = async (options: Parameters<Browser["newContext"]>[0] = {}) => {
        const headers = { "X-Forwarded-For": shopperAddress(test.info().workerIndex), ...options.extraHTTPHeaders };
        const created = await newContext({ ...options, extraHTTPHeaders: headers });
        await stubTagManager(created);
        if (consent) await keepConsent(created, consent);
        return created;
      };
      await use();
      browser.newContext = newContext;
    },
    { auto: true },
  ],

  failOnBrowserErrors: [
    async ({ context, allowedConsoleErrors }, use) => {
      const problems: string[] = [];
      const allowed = (text: string) => allowedConsoleErrors.some((p) => (typeof p === "string" ? text.includes(p) : p.test(text)));

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
