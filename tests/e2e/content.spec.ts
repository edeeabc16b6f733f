import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { expect, shopUrl, staffUrl, test } from "./fixtures";

// Content: the home page, navigation, /:slug pages, the 404 page, redirects and carousels
// from the seeded content of content/; and the gated states on servers of their own.

test.describe("content pages on the shared server", () => {
  test("the home page shows the hero, blocks and carousels from content on the shop", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(shopUrl("/"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Good food, right to the bowl");
    await expect(page.getByTestId("announcement-bar")).toContainText("Free shipping on orders over $49");
    await expect(page.getByTestId("sitewide-banners")).toContainText("ship the same business day");
    await expect(page.getByRole("region", { name: "Best-loved dog food" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Cat food they'll come running for" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Save an extra 5% with Autoship" })).toBeVisible();
    await expect(page.getByRole("contentinfo").getByRole("link", { name: /Pet Blog/ })).toHaveAttribute("rel", "noopener noreferrer");
    // The carousel reports itself to analytics once seen, named HomePage.
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window.dataLayer ?? []).filter((e) => e.event === "view_item_list").map((e) => (e.ecommerce as { item_list_name: string }).item_list_name),
        ),
      )
      .toContain("HomePage");
  });

  test("the staff site shows its own home content and no carousel analytics", async ({ page }) => {
    await page.goto(staffUrl("/"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nutrition for the pets of the people who care for pets");
    await expect(page.getByRole("region", { name: "Prescription diets" })).toBeVisible();
    await expect(page.getByTestId("announcement-bar")).toHaveText(/Program pricing for clinic and school staff/);
    await expect(page.getByRole("heading", { name: "Save an extra 5% with Autoship" })).toHaveCount(0);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === "view_item_list").length)).toBe(0);
  });

  test("the main menu works by keyboard: disclosure button, links, Escape", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(shopUrl("/"));
    const nav = page.getByRole("navigation", { name: "Main" });
    const dogMenu = nav.getByRole("button", { name: "Dog menu" });
    await expect(dogMenu).toHaveAttribute("aria-expanded", "false");
    await dogMenu.focus();
    await page.keyboard.press("Enter");
    await expect(dogMenu).toHaveAttribute("aria-expanded", "true");
    const puppy = nav.getByRole("link", { name: "Puppy Food" });
    await expect(puppy).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(puppy).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dogMenu).toHaveAttribute("aria-expanded", "false");
    await expect(dogMenu).toBeFocused();
    await expect(puppy).toBeHidden();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(shopUrl("/products/dog/pet-age/puppy-food"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Puppy/);
  });

  test("a /:slug page renders from content; info pages keep their SPEC titles", async ({ page }) => {
    const res = await page.goto(shopUrl("/about-us"));
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle("About Us | Shop Kibble & Co.");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Us");
    await expect(page.getByRole("heading", { name: "Pet people, delivering for pet people" })).toBeVisible();
    await page.goto(shopUrl("/shipping"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shipping");
    await expect(page.getByText("$4 service charge").first()).toBeVisible();
    await page.goto(staffUrl("/terms-and-conditions"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms & Conditions");
    await expect(page.getByRole("heading", { name: "Eligibility" })).toBeVisible();
    await page.goto(shopUrl("/autoship"));
    await expect(page.getByText("AUTO35").first()).toBeVisible();
  });

  test("carousel buttons move the slides", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(shopUrl("/"));
    const carousel = page.getByRole("region", { name: "Best-loved dog food" });
    // Reduced motion: no autoplay, so no pause button.
    await expect(carousel.getByRole("button", { name: /automatic slide show/ })).toHaveCount(0);
    const first = carousel.getByRole("group", { name: "1 of 6" });
    const x = async () => (await first.boundingBox())!.x;
    const before = await x();
    await carousel.getByRole("button", { name: "Next slide" }).click();
    await expect.poll(x).toBeLessThan(before - 100);
    await carousel.getByRole("button", { name: "Previous slide" }).click();
    await expect.poll(x).toBeCloseTo(before, 0);
  });

  test.describe("404 and redirects", () => {
    test.use({ allowedConsoleErrors: [/status of 404/] });

    test("the 404 page shows the error entry's feature section and carousel", async ({ page }) => {
      const res = await page.goto(shopUrl("/no-such-page-here"));
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Error");
      await expect(page.getByText("Page Not Found: /no-such-page-here")).toBeVisible();
      await expect(page.getByRole("heading", { name: "This trail went cold" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Popular with our shoppers" })).toBeVisible();
      await expect(page.getByTestId("content-feature").getByRole("link", { name: "Read our feeding guide" })).toBeVisible();
    });

    test("redirects managed as content: same-site targets inside the app, external ones as a full redirect", async ({ page }) => {
      const res = await page.goto(shopUrl("/dog-food"));
      expect(res?.status()).toBe(200);
      await expect(page).toHaveURL(shopUrl("/products/dog/species"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dog Food");
      const help = await page.request.get(shopUrl("/help"), { maxRedirects: 0 });
      expect(help.status()).toBe(302);
      expect(help.headers()["location"]).toBe("/faq");
      const external = await page.request.get(shopUrl("/blog"), { maxRedirects: 0 });
      expect(external.status()).toBe(302);
      expect(external.headers()["location"]).toBe("https://example.com/pet-blog");
    });
  });

  test("no script from content reaches the page", async ({ page }) => {
    for (const p of ["/", "/faq", "/shipping", "/about-us", "/feeding-guide"]) {
      await page.goto(shopUrl(p));
      const inContent = await page.locator("main script, [data-testid=announcement-bar] script, footer script").count();
      expect(inContent, p).toBe(0);
      expect(await page.locator("main [onerror], main [onclick], main [onload]").count(), p).toBe(0);
    }
  });
});

// ---- Gated states: servers of their own, with the flags on. ----

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const root = process.cwd();

async function startServer(name: string, env: Record<string, string>, prepare?: (pgliteDir: string) => void) {
  const port = await freePort();
  const dir = path.join(root, ".tmp", `pw-content-${name}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const pgliteDir = path.join(dir, "db");
  prepare?.(pgliteDir);
  const child = spawn("npx", ["tsx", "server/main.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: "", PGLITE_DIR: pgliteDir, LOG_LEVEL: "warn", NODE_ENV: "production", ...env },
    stdio: "ignore",
    detached: true,
  });
  const origin = `http://localhost:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { origin, child, dir };
}

function stopServer(server: { child: ChildProcess; dir: string } | undefined) {
  if (!server?.child.pid) return;
  try {
    process.kill(-server.child.pid, "SIGTERM");
  } catch {
    // already gone
  }
}

test.describe("maintenance mode", () => {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  test.use({ allowedConsoleErrors: [/status of 503/] });
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServer("maintenance", { MAINTENANCE_MODE: "true" });
  });
  test.afterAll(() => stopServer(server));

  test("every page answers 503 with the maintenance page; /maintenance itself is public", async ({ page }) => {
    for (const p of ["/", "/products", "/about-us"]) {
      const res = await page.goto(`${server!.origin}${p}`);
      expect(res?.status(), p).toBe(503);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Down for Maintenance");
      await expect(page.getByRole("search")).toHaveCount(0);
    }
    const res = await page.goto(`${server!.origin}/maintenance`);
    expect(res?.status()).toBe(503);
    await expect(page).toHaveURL(`${server!.origin}/maintenance`);
    expect((await page.request.get(`${server!.origin}/api/health`)).ok()).toBe(true);
  });
});

test.describe("password-protect mode", () => {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    // Content with a hostile page, imported before the server starts (it then seeds only the catalogue).
    server = await startServer("password", { SITE_PASSWORD: "kibble-preview" }, (pgliteDir) => {
      const contentDir = path.join(path.dirname(pgliteDir), "content");
      cpSync(path.join(root, "content"), contentDir, { recursive: true });
      writeFileSync(
        path.join(contentDir, "pages", "hostile.json"),
        JSON.stringify({
          type: "page",
          key: "hostile",
          body: {
            title: "Hostile",
            sections: [
              {
                kind: "richText",
                bodyHtml:
                  '<p>Hello from a hostile page</p><script>window.__xss = 1</script><img src="x" onerror="window.__xss = 2"><a href="javascript:window.__xss=3">x</a>',
              },
            ],
          },
        }),
      );
      execFileSync("npx", ["tsx", "scripts/content-import.ts", contentDir], {
        cwd: root,
        env: { ...process.env, PGLITE_DIR: pgliteDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
        stdio: "ignore",
      });
    });
  });
  test.afterAll(() => stopServer(server));

  test("pages redirect to /password-protect; a wrong password says so; the right one unlocks with an httpOnly cookie", async ({ page, context }) => {
    await page.goto(`${server!.origin}/about-us`);
    await expect(page).toHaveURL(`${server!.origin}/password-protect?next=%2Fabout-us`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enter Password");
    await expect(page.getByText("Opening soon")).toBeVisible();

    await page.getByLabel("Password").fill("not-it");
    await page.getByRole("button", { name: "Enter" }).click();
    await expect(page.getByRole("alert")).toHaveText("That password is not right. Please try again.");
    await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Password").fill("kibble-preview");
    await page.getByRole("button", { name: "Enter" }).click();
    await expect(page).toHaveURL(`${server!.origin}/about-us`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Us");
    const cookie = (await context.cookies()).find((c) => c.name === "site_unlock")!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.value).not.toContain("kibble");
  });

  test("a script in content never reaches the browser", async ({ page, context }) => {
    await context.request.post(`${server!.origin}/password-protect`, { form: { password: "kibble-preview" }, maxRedirects: 0 });
    const res = await page.goto(`${server!.origin}/hostile`);
    expect(res?.status()).toBe(200);
    await expect(page.getByText("Hello from a hostile page")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator("main script, main [onerror], main a[href^=javascript]").count()).toBe(0);
  });
});
