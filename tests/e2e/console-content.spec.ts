import AxeBuilder from "@axe-core/playwright";
import { expect, shopUrl, test } from "./fixtures";
import { consoleOperator } from "./journeys";

// The console's Content section as an editor meets it: a page's title edited as a draft, seen on
// the real page through a preview link while the live page keeps the old text, then published; and
// a fulfilment operator kept out of it.

test.describe("console content", () => {
  // The empty required field answers 400; the refused section 403.
  test.use({ allowedConsoleErrors: [/status of (400|403)/] });

  test("content-editor: drafts a page's title, previews it on the real page, the live page is unchanged until published", async ({ page, browser }) => {
    await consoleOperator(page, "content-editor");
    const guest = await (await browser.newContext()).newPage();
    await guest.goto(shopUrl("/privacy-policy"));
    const oldTitle = (await guest.getByRole("heading", { level: 1 }).textContent())!.trim();
    const newTitle = `Privacy notice ${Date.now().toString(36)}`;

    await page.goto(shopUrl("/admin/content?type=page&q=privacy"));
    await page.getByTestId("content-rows").getByRole("link", { name: "privacy-policy" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Page: privacy-policy" })).toBeVisible();
    expect(
      await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa"])
        .analyze()
        .then((r) => r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)),
    ).toEqual([]);

    const form = page.getByTestId("entry-form");
    // A required field left empty: refused beside the field, nothing saved.
    await form.getByLabel(/^Title/).fill("");
    await form.getByRole("button", { name: "Save draft" }).click();
    await expect(form.getByText("must not be empty")).toBeVisible();
    await expect(form.getByLabel(/^Title/)).toHaveAttribute("aria-invalid", "true");

    await form.getByLabel(/^Title/).fill(newTitle);
    await form.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByText("Draft saved.")).toBeVisible();
    await expect(page.getByTestId("entry-status")).toContainText("unpublished changes");

    await page.getByRole("button", { name: "Create a preview link" }).click();
    const href = (await page.getByTestId("preview-link").getAttribute("href"))!;
    expect(href).toMatch(/^\/privacy-policy\?preview=/);
    const preview = await guest.goto(shopUrl(href));
    expect(preview!.headers()["cache-control"]).toBe("no-store");
    expect(preview!.headers()["x-robots-tag"]).toMatch(/noindex/);
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText(newTitle);

    // A tampered link shows the live page.
    await guest.goto(shopUrl(href.replace(/.$/, (c) => (c === "A" ? "B" : "A"))));
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText(oldTitle);
    await guest.goto(shopUrl("/privacy-policy"));
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText(oldTitle);

    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByText("Published: the shop shows this version now.")).toBeVisible();
    // Every process's guest page cache hears of the change at commit (NOTIFY page_cache).
    await expect(async () => {
      await guest.goto(shopUrl("/privacy-policy"));
      await expect(guest.getByRole("heading", { level: 1 })).toHaveText(newTitle, { timeout: 1000 });
    }).toPass({ timeout: 10_000 });
  });

  test("content-fulfilment: no Content in the navigation, and /admin/content answers 403", async ({ page }) => {
    await consoleOperator(page, "content-fulfilment");
    await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Content" })).toHaveCount(0);
    const answer = await page.goto(shopUrl("/admin/content"));
    expect(answer!.status()).toBe(403);
    expect((await page.goto(shopUrl("/admin/redirects")))!.status()).toBe(403);
  });
});
