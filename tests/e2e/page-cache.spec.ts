import { consentCookies, expect, shopUrl, test } from "./fixtures";

// The guest page cache answers a browser's revalidation with 304 (server/http/page-cache.ts), also
// for a guest who has made a consent choice. The browser then reuses its stored page, whose inline
// scripts carry the stored policy's nonce: the 304 must not bring a new policy, or the page would
// never hydrate.

test("a guest page revalidated with 304 still hydrates: its inline scripts run under the stored policy", async ({ browser }) => {
  // Without the fixture's route (the tag manager stub): any route turns the browser's HTTP cache off.
  // The guest has refused cookies, so the tag manager is never asked for.
  const context = await browser.newContext();
  await context.unrouteAll();
  await context.addCookies(consentCookies("reject"));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  // What came over the wire (the page's own response reports the stored 200 after a 304).
  const wire: number[] = [];
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  cdp.on("Network.responseReceivedExtraInfo", (e) => {
    if (/^HTTP\/1\.1 \d+/.test(e.headersText ?? "") && /^cache-status: shop; (hit|fwd=miss)/im.test(e.headersText ?? "")) wire.push(e.statusCode);
  });
  // A first visit may fill the cache; the browser keeps each answer and revalidates it on the next.
  for (let visit = 0; visit < 3; visit++) await page.goto(shopUrl("/products"));
  expect(wire).toContain(304);
  // Hydrated under the stored policy: the page works without a reload (a filter is a client navigation).
  await page.getByRole("checkbox", { name: /^Cat/ }).check();
  await expect(page).toHaveURL(/species=cat/);
  expect(errors).toEqual([]);
  await context.close();
});
