import { CAROUSEL_SPACE_CLASS } from "../../app/features/content/carousel-space";
import { expect, shopUrl, test } from "./fixtures";

// The cart page's carousel is rendered with the page; reached by a link, the page shows its Suspense
// fallback until the carousel's code arrives, which keeps the carousel's height
// (app/features/content/carousel-space.ts) so the footer below does not jump (Lighthouse once
// counted a layout shift of 0.06). The fallback is rarely seen on a quick test server, so its space
// is compared with the rendered carousel at a phone's and a desktop's widths.

for (const width of [360, 412, 600, 800, 1000, 1300]) {
  test(`cart at ${width} px: the space kept for the carousel is about the carousel's height`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(shopUrl("/cart"));
    const carousel = page.locator("section").filter({ has: page.locator(".car-track, .car-track-1") });
    await expect(carousel).toBeVisible();
    const heights = await carousel.evaluate((section, className) => {
      const space = document.createElement("div");
      space.className = className;
      section.parentElement!.insertBefore(space, section);
      const kept = space.getBoundingClientRect().height;
      space.remove();
      return { carousel: section.getBoundingClientRect().height, kept };
    }, CAROUSEL_SPACE_CLASS);
    expect(heights.carousel).toBeGreaterThan(300);
    // Within 8 %: what is left moves the footer by a few lines at most.
    expect(Math.abs(heights.kept - heights.carousel)).toBeLessThanOrEqual(heights.carousel * 0.08);
  });
}

// The content carousel's pause button comes once the script knows the shopper's motion setting; its
// place is kept until then, so the arrows beside it never move (a phone's row puts them at the left).
test("cart at 390 px: the carousel's buttons do not move when its pause button comes", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => {
    (window as unknown as { shifted: number }).shifted = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) (window as unknown as { shifted: number }).shifted += (e as unknown as { value: number }).value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(shopUrl("/cart"));
  await expect(page.getByRole("button", { name: "Pause automatic slide show" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Next slide" })).toBeInViewport();
  expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBe(0);
});
