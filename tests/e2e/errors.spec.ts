import AxeBuilder from "@axe-core/playwright";
import { expect, shopUrl, test } from "./fixtures";
import { consoleOperator } from "./journeys";

// Browser errors as an operator finds them: an error thrown by the shop's own code in a shopper's
// browser, and an unhandled promise rejection, reach the errors table through POST /api/errors —
// with the page's path only (its query string dropped), the stack mapped back to the source file
// by the build's hidden source maps — and the console's Errors page lists them with their counts.
// The source maps themselves are never served.

test.describe("browser error reporting", () => {
  // The errors this test raises on purpose.
  test.use({ allowedConsoleErrors: [/Cannot read properties of undefined|e2e unhandled rejection|status of 404/] });

  test("a thrown error and an unhandled rejection end up on the console's Errors page, source-mapped, without the query string", async ({ page, browser }) => {
    const requested: string[] = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(shopUrl("/?utm_campaign=e2e-private-campaign"));
    // The reporter arrives with the page's first requests (a dynamic import).
    await page.waitForLoadState("networkidle");
    const rootAsset = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((e) => new URL(e.name).pathname)
        .find((p) => /^\/assets\/root-[^/]+\.js$/.test(p)),
    );
    expect(rootAsset).toBeTruthy();

    // A real bug in bundled code: the root route's shouldRevalidate given nothing reads a property of undefined.
    await page.evaluate(() => {
      const modules = (window as unknown as { __reactRouterRouteModules: Record<string, { shouldRevalidate: (args: object) => boolean }> })
        .__reactRouterRouteModules;
      setTimeout(() => modules.root!.shouldRevalidate({}), 0);
      setTimeout(() => void Promise.reject(new RangeError("e2e unhandled rejection")), 0);
      // An interrupted request (a stale fetcher revalidation aborted by a navigation) is no error: not reported, not logged.
      setTimeout(() => void Promise.reject(new DOMException("e2e interrupted request", "AbortError")), 0);
      setTimeout(() => modules.root!.shouldRevalidate({}), 10);
    });

    // Without SENTRY_DSN, Sentry's browser SDK is never loaded; the reporter is, after the page.
    expect(requested.filter((p) => /sentry/i.test(p))).toEqual([]);
    expect(requested.some((p) => /^\/assets\/error-reporter-[^/]+\.js$/.test(p))).toBe(true);

    // The source maps stay private: the asset is served, its map is not.
    expect((await page.request.get(shopUrl(rootAsset!))).status()).toBe(200);
    expect((await page.request.get(shopUrl(`${rootAsset}.map`))).status()).toBe(404);

    const operator = await (await browser.newContext()).newPage();
    await consoleOperator(operator, "errors-manager");
    await operator.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Errors" }).click();
    await expect(operator.getByRole("heading", { level: 1, name: "Errors" })).toBeVisible();

    const thrown = operator.getByTestId("error-rows").getByRole("row").filter({ hasText: "Cannot read properties of undefined" });
    await expect(async () => {
      await operator.reload();
      await expect(thrown).toHaveCount(1);
    }).toPass({ timeout: 15_000 });
    await expect(thrown.getByRole("cell").first()).toHaveText("1");
    await expect(thrown).toContainText("browser");
    await expect(thrown.getByRole("cell").nth(3)).toHaveText("/");
    await thrown.getByText("Stack").click();
    // Mapped back through the hidden source map to the route module's source.
    await expect(thrown.locator("pre")).toContainText("app/root.tsx");

    const rejection = operator.getByTestId("error-rows").getByRole("row").filter({ hasText: "e2e unhandled rejection" });
    await expect(rejection).toHaveCount(1);
    await expect(rejection).toContainText("RangeError");
    await expect(operator.getByTestId("error-rows")).not.toContainText("e2e-private-campaign");
    await expect(operator.getByTestId("error-rows")).not.toContainText("e2e interrupted request");

    // A second visit with the same bug: the same row, counted.
    await page.reload();
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => {
      const modules = (window as unknown as { __reactRouterRouteModules: Record<string, { shouldRevalidate: (args: object) => boolean }> })
        .__reactRouterRouteModules;
      setTimeout(() => modules.root!.shouldRevalidate({}), 0);
    });
    await expect(async () => {
      await operator.reload();
      await expect(thrown.getByRole("cell").first()).toHaveText("2");
    }).toPass({ timeout: 15_000 });

    await operator.getByLabel("Order").selectOption("frequent");
    await operator.getByRole("button", { name: "Show" }).click();
    await expect(operator).toHaveURL(/sort=frequent/);
    await expect(operator.getByTestId("error-rows").getByRole("row").first()).toContainText("Cannot read properties of undefined");
    expect(
      await new AxeBuilder({ page: operator })
        .withTags(["wcag2a", "wcag2aa"])
        .analyze()
        .then((r) => r.violations.map((v) => v.id)),
    ).toEqual([]);
  });
});
