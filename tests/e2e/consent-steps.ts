import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * The privacy manager's banner, answered as a shopper would. Use with `test.use({ consent: null })`
 * (otherwise the fixture has already decided and no banner shows).
 */

export function consentBanner(page: Page) {
  return page.getByRole("region", { name: "Cookie consent" });
}

/**
 * Waits for the banner to answer: the server's page shows it at once, but its buttons act only once
 * the page has hydrated, and the privacy manager (window.privacyManager) comes right after.
 */
export async function consentReady(page: Page) {
  await page.waitForFunction(() => Boolean(window.privacyManager));
}

/** Clicks "Accept all" on the banner and waits for it to go. */
export async function acceptAllCookies(page: Page) {
  await consentReady(page);
  const banner = consentBanner(page);
  await banner.getByRole("button", { name: "Accept all" }).click();
  await expect(banner).toBeHidden();
}

/** Clicks "Reject all" on the banner and waits for it to go. */
export async function rejectAllCookies(page: Page) {
  await consentReady(page);
  const banner = consentBanner(page);
  await banner.getByRole("button", { name: "Reject all" }).click();
  await expect(banner).toBeHidden();
}
