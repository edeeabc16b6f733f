import AxeBuilder from "@axe-core/playwright";
import type { Page, Request } from "@playwright/test";
import { CONSENT_COOKIE, CONSENT_REVISION, decodeConsentCookie, encodeConsentCookie } from "../../rules/consent/categories-and-cookie";
import { acceptAllCookies, consentBanner, consentReady, rejectAllCookies } from "./consent-steps";
import { expect, GTM_URL_PATTERN, shopUrl, staffUrl, test } from "./fixtures";

// The privacy manager and the consent logic as a shopper meets them (SPEC §3, §4): the banner of a
// first visit, the preferences dialog by keyboard, Reject all (no tag manager, no analytics event),
// Accept all (the waiting events replayed in order, the tag manager loaded), a change of mind that
// takes a removeOnDecline script out of the page, a new policy revision asking again, and the proof
// of consent sent for every decision. The tag manager's URL is answered here (never fetched).

type Layer = Record<string, unknown>[];

/** The data layer as plain values; gtag `arguments` entries come back as ["consent", command, signals]. */
function dataLayer(page: Page) {
  return page.evaluate(() =>
    (window.dataLayer ?? []).map((e) =>
      Object.prototype.toString.call(e) === "[object Arguments]" ? { gtag: Array.from(e as unknown as ArrayLike<unknown>) } : e,
    ),
  ) as Promise<Layer>;
}

const pageViews = async (page: Page) => (await dataLayer(page)).filter((e) => e.event === "page_view").map((e) => e.route_name);

/** Counts the tag manager's script requests and answers them with a stub. */
async function watchTagManager(page: Page) {
  const requests: Request[] = [];
  await page.route(GTM_URL_PATTERN, (route) => {
    requests.push(route.request());
    return route.fulfill({ status: 200, contentType: "text/javascript", body: "window.__gtmStubRan = true;" });
  });
  return requests;
}

const getConsent = (page: Page) => page.evaluate(() => window.privacyManager?.getConsent());

const axe = (page: Page) =>
  new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa"])
    .analyze()
    .then((r) => r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`));

test.describe("a first visit", () => {
  test.use({ consent: null });

  test("shows the banner; the banner and the preferences dialog pass axe; the dialog works by keyboard alone", async ({ page }) => {
    await page.goto(shopUrl("/"));
    const banner = consentBanner(page);
    // The server's page shows the banner at once; its buttons act once the page has hydrated.
    await consentReady(page);
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("button", { name: "Accept all" })).toBeVisible();
    await expect(banner.getByRole("button", { name: "Reject all" })).toBeVisible();
    // Nothing decided yet: all false (SPEC §3).
    expect(await getConsent(page)).toEqual({ required: false, functional: false, advertising: false });
    // Fixed to the window: it takes no room in the page.
    expect(await banner.evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
    expect(await axe(page)).toEqual([]);

    // Keyboard only: focus the Preferences button, open, move, toggle, Escape, and focus comes back.
    const preferences = banner.getByRole("button", { name: "Preferences" });
    await preferences.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Cookie preferences" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
    expect(await axe(page)).toEqual([]);
    await expect(dialog.getByRole("checkbox", { name: "Required (always on)" })).toBeChecked();
    await expect(dialog.getByRole("checkbox", { name: "Required (always on)" })).toBeDisabled();
    const functional = dialog.getByRole("checkbox", { name: "Functional" });
    const advertising = dialog.getByRole("checkbox", { name: "Advertising and analytics" });
    await expect(functional).not.toBeChecked();
    await expect(advertising).not.toBeChecked();
    await page.keyboard.press("Tab");
    await expect(functional).toBeFocused();
    await page.keyboard.press("Space");
    await expect(functional).toBeChecked();
    // Focus stays inside: Shift+Tab from the first control goes to the last, Tab from the last to the first.
    await dialog.getByRole("button", { name: "Close" }).focus();
    await page.keyboard.press("Shift+Tab");
    await expect(dialog.getByRole("button", { name: "Reject all" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(preferences).toBeFocused();
    // Closing is no decision: the banner still asks.
    await expect(banner).toBeVisible();
    expect(await getConsent(page)).toEqual({ required: false, functional: false, advertising: false });

    // Save a choice by keyboard: functional on, advertising off. The decision is sent as proof of consent.
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await expect(functional).toBeChecked();
    await page.keyboard.press("Tab");
    await expect(advertising).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Save preferences" })).toBeFocused();
    const proof = page.waitForResponse((r) => r.url().endsWith("/api/consent") && r.request().method() === "POST");
    await page.keyboard.press("Enter");
    const response = await proof;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({
      revision: CONSENT_REVISION,
      categories: { required: true, functional: true, advertising: false },
      source: "dialog",
    });
    await expect(dialog).toBeHidden();
    await expect(banner).toBeHidden();
    expect(await getConsent(page)).toEqual({ required: true, functional: true, advertising: false });

    // The choice is kept: the next page asks nothing.
    await page.reload();
    await expect.poll(() => getConsent(page)).toEqual({ required: true, functional: true, advertising: false });
    await expect(banner).toBeHidden();
  });

  test("the banner is in the server's page until a choice that counts is kept, the guest page cache included", async ({ request }) => {
    const decided = encodeConsentCookie({
      revision: CONSENT_REVISION,
      functional: false,
      advertising: false,
      anonymousId: "server-page-browser-01",
      decidedAt: 1_790_000_000,
    });
    const html = async (cookie?: string) =>
      (await request.get(shopUrl("/products"), { headers: cookie ? { cookie: `${CONSENT_COOKIE}=${cookie}` } : {} })).text();
    const banner = 'data-testid="consent-banner"';
    // Twice each way: the second answer of each comes from the page cache.
    expect(await html()).toContain(banner);
    expect(await html(decided)).not.toContain(banner);
    expect(await html()).toContain(banner);
    expect(await html(decided)).not.toContain(banner);
    expect(await html(encodeConsentCookie({ ...decodeConsentCookie(decided)!, revision: CONSENT_REVISION + 1 }))).toContain(banner);
  });

  test("Preferences pressed right after Escape opens the dialog again", async ({ page }) => {
    await page.goto(shopUrl("/"));
    const banner = consentBanner(page);
    // The server's page shows the banner at once; its buttons act once the page has hydrated.
    await consentReady(page);
    await banner.getByRole("button", { name: "Preferences" }).click();
    const dialog = page.getByRole("dialog", { name: "Cookie preferences" });
    await expect(dialog).toBeVisible();
    // What Escape does (cancel, then close; the close event follows a task later), and the shopper's
    // next press, all before that close event arrives.
    await page.evaluate(() => {
      const el = document.querySelector<HTMLDialogElement>('[data-testid="consent-dialog"]')!;
      el.dispatchEvent(new Event("cancel"));
      el.close();
      [...document.querySelectorAll<HTMLButtonElement>('[data-testid="consent-banner"] button')].find((b) => b.textContent === "Preferences")!.click();
    });
    await expect(dialog).toBeVisible();
  });

  test("Reject all: functional false, no tag manager request, and the page view raised before the decision never reaches the data layer", async ({ page }) => {
    const gtm = await watchTagManager(page);
    await page.goto(shopUrl("/"));
    await expect(consentBanner(page)).toBeVisible();
    await consentReady(page);
    // Consent Mode defaults are in the data layer first; the page view waits.
    await expect
      .poll(async () => (await dataLayer(page))[0])
      .toEqual({ gtag: ["consent", "default", { ad_storage: "denied", analytics_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" }] });
    expect(await pageViews(page)).toEqual([]);

    const proof = page.waitForResponse((r) => r.url().endsWith("/api/consent"));
    await rejectAllCookies(page);
    expect((await proof).request().postDataJSON()).toMatchObject({ categories: { required: true, functional: false, advertising: false }, source: "banner" });
    expect(await getConsent(page)).toEqual({ required: true, functional: false, advertising: false });
    await expect.poll(async () => (await dataLayer(page)).some((e) => JSON.stringify(e.gtag ?? "").includes('"update"'))).toBe(true);

    // A further page: still nothing.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shop All" }).click();
    await expect(page).toHaveURL(shopUrl("/products"));
    await page.waitForTimeout(600);
    expect(await pageViews(page)).toEqual([]);
    expect((await dataLayer(page)).filter((e) => typeof e.event === "string")).toEqual([]);
    expect(gtm).toHaveLength(0);
    expect(await page.locator("script[src*='googletagmanager']").count()).toBe(0);

    // Also after a full load with the refusal in the cookie.
    await page.reload();
    await expect.poll(() => getConsent(page)).toEqual({ required: true, functional: false, advertising: false });
    await page.waitForTimeout(600);
    expect(await pageViews(page)).toEqual([]);
    expect(gtm).toHaveLength(0);
  });

  test("Accept all: the waiting events are replayed in order, after the Consent Mode update, and the tag manager loads", async ({ page }) => {
    const gtm = await watchTagManager(page);
    await page.goto(shopUrl("/"));
    await expect(consentBanner(page)).toBeVisible();
    await consentReady(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shop All" }).click();
    await expect(page).toHaveURL(shopUrl("/products"));
    expect(await pageViews(page)).toEqual([]);
    expect(gtm).toHaveLength(0);

    const loaded = page.waitForRequest(GTM_URL_PATTERN.replace("**", "gtm.js?id=GTM-E2E0001"));
    await acceptAllCookies(page);
    expect((await loaded).url()).toBe("https://www.googletagmanager.com/gtm.js?id=GTM-E2E0001");
    expect(await getConsent(page)).toEqual({ required: true, functional: true, advertising: true });
    await expect.poll(() => pageViews(page)).toEqual(["routes/home", "routes/products"]);
    // The listing's view is built once the event builders' chunk is there, which on a busy machine
    // can be after the choice: then it goes out directly, still after the page views.
    await expect.poll(async () => (await dataLayer(page)).some((e) => e.event === "view_item_list")).toBe(true);

    const layer = await dataLayer(page);
    const index = (match: (e: Record<string, unknown>) => boolean) => layer.findIndex(match);
    const update = index(
      (e) =>
        JSON.stringify(e.gtag ?? "") ===
        JSON.stringify(["consent", "update", { ad_storage: "granted", analytics_storage: "granted", ad_user_data: "granted", ad_personalization: "granted" }]),
    );
    const firstView = index((e) => e.event === "page_view");
    const gtmStart = index((e) => e.event === "gtm.js");
    expect(index((e) => JSON.stringify(e.gtag ?? "").includes('"default"'))).toBe(0);
    expect(update).toBeGreaterThan(0);
    expect(firstView).toBeGreaterThan(update);
    expect(gtmStart).toBeGreaterThan(firstView);
    // The first listing view waited too, and came after its page's page view.
    expect(index((e) => e.event === "view_item_list")).toBeGreaterThan(firstView);

    await expect(page.locator("script[data-consent-script='google-tag-manager']")).toHaveCount(1);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __gtmStubRan?: boolean }).__gtmStubRan)).toBe(true);
    expect(gtm).toHaveLength(1);
  });

  test("a decision of an older policy revision no longer counts: the banner asks again", async ({ page, context }) => {
    const old = encodeConsentCookie({
      revision: CONSENT_REVISION - 1,
      functional: true,
      advertising: true,
      anonymousId: "older-revision-browser-01",
      decidedAt: 1_700_000_000,
    });
    await context.addCookies([{ name: CONSENT_COOKIE, value: old, url: shopUrl("/") }]);
    const gtm = await watchTagManager(page);
    await page.goto(shopUrl("/"));
    await expect(consentBanner(page)).toBeVisible();
    await consentReady(page);
    expect(await getConsent(page)).toEqual({ required: false, functional: false, advertising: false });
    await page.waitForTimeout(600);
    expect(await pageViews(page)).toEqual([]);
    expect(gtm).toHaveLength(0);
    // The browser keeps its anonymous id for the new decision.
    const proof = page.waitForResponse((r) => r.url().endsWith("/api/consent"));
    await acceptAllCookies(page);
    expect((await proof).request().postDataJSON()).toMatchObject({ anonymousId: "older-revision-browser-01", revision: CONSENT_REVISION });
    const cookie = (await context.cookies(shopUrl("/"))).find((c) => c.name === CONSENT_COOKIE);
    expect(cookie?.value.startsWith(`${CONSENT_REVISION}.1.1.older-revision-browser-01.`)).toBe(true);
  });

  test("the staff site asks too, and loads no tag manager", async ({ page }) => {
    const gtm = await watchTagManager(page);
    await page.goto(staffUrl("/"));
    await acceptAllCookies(page);
    expect(await getConsent(page)).toEqual({ required: true, functional: true, advertising: true });
    await page.waitForTimeout(600);
    expect(gtm).toHaveLength(0);
  });
});

test.describe("a change of mind", () => {
  test("reopening the preferences from the footer and declining removes removeOnDecline scripts and their cookies", async ({ page, context }) => {
    await watchTagManager(page);
    await context.addCookies([{ name: "_ga", value: "GA1.1.123.456", url: shopUrl("/") }]);
    await page.goto(shopUrl("/"));
    await expect(page.locator("script[data-consent-script='google-tag-manager']")).toHaveCount(1);

    // A functional script registered after consent loads at once; this one leaves on decline too.
    await page.route("**/consent-test-widget.js", (route) =>
      route.fulfill({ status: 200, contentType: "text/javascript", body: "window.__widgetRan = true;" }),
    );
    await page.evaluate(() => {
      const w = window as unknown as { calls: string[]; consentRegistry: { register(e: unknown): unknown } };
      w.calls = [];
      w.consentRegistry.register({
        id: "test-widget",
        category: "functional",
        removeOnDecline: true,
        options: { src: "/consent-test-widget.js" },
        beforeLoad: () => w.calls.push("beforeLoad"),
        approved: () => w.calls.push("approved"),
        loaded: () => w.calls.push("loaded"),
        denied: () => w.calls.push("denied"),
        removed: () => w.calls.push("removed"),
      });
    });
    await expect.poll(() => page.evaluate(() => (window as unknown as { calls: string[] }).calls)).toEqual(["beforeLoad", "approved", "loaded"]);
    await expect(page.locator("script[data-consent-script='test-widget']")).toHaveCount(1);

    const footerButton = page.getByRole("contentinfo").getByRole("button", { name: "Cookie preferences" });
    await footerButton.click();
    const dialog = page.getByRole("dialog", { name: "Cookie preferences" });
    await expect(dialog.getByRole("checkbox", { name: "Functional" })).toBeChecked();
    await expect(dialog.getByRole("checkbox", { name: "Advertising and analytics" })).toBeChecked();
    await dialog.getByRole("checkbox", { name: "Functional" }).uncheck();
    await dialog.getByRole("checkbox", { name: "Advertising and analytics" }).uncheck();
    await dialog.getByRole("button", { name: "Save preferences" }).click();
    await expect(dialog).toBeHidden();
    await expect(footerButton).toBeFocused();

    await expect(page.locator("script[data-consent-script='google-tag-manager']")).toHaveCount(0);
    await expect(page.locator("script[data-consent-script='test-widget']")).toHaveCount(0);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { calls: string[] }).calls))
      .toEqual(["beforeLoad", "approved", "loaded", "removed", "denied"]);
    expect((await context.cookies(shopUrl("/"))).map((c) => c.name)).not.toContain("_ga");
    expect(await getConsent(page)).toEqual({ required: true, functional: false, advertising: false });
    const layer = await dataLayer(page);
    expect(JSON.stringify(layer.at(-1))).toBe(
      JSON.stringify({
        gtag: ["consent", "update", { ad_storage: "denied", analytics_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" }],
      }),
    );

    // From now on, no events.
    const before = layer.length;
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shop All" }).click();
    await expect(page).toHaveURL(shopUrl("/products"));
    await page.waitForTimeout(500);
    expect((await dataLayer(page)).length).toBe(before);
  });
});

test.describe("refused before", () => {
  test.use({ consent: "reject" });

  test("a functional script is marked removed and its denied callback runs; a consent-check failure is only logged", async ({ page }) => {
    const logs: string[] = [];
    page.on("console", (m) => logs.push(`${m.type()}: ${m.text()}`));
    await page.goto(shopUrl("/"));
    await expect.poll(() => getConsent(page)).toEqual({ required: true, functional: false, advertising: false });
    await expect.poll(() => page.evaluate(() => Boolean(window.consentRegistry))).toBe(true);
    const status = await page.evaluate(() => {
      const calls: string[] = [];
      const r = window.consentRegistry!.register({
        id: "declined-widget",
        options: { src: "/never.js" },
        denied: () => calls.push("denied"),
        approved: () => calls.push("approved"),
      });
      return { status: r.status, calls };
    });
    expect(status).toEqual({ status: "removed", calls: ["denied"] });
    await expect(page.locator("script[data-consent-script='declined-widget']")).toHaveCount(0);

    // SPEC §8: a failing consent check is logged to the console, nothing else (the fixture fails on console errors).
    await page.evaluate(() => {
      window.privacyManager!.getConsent = () => {
        throw new Error("privacy manager broke");
      };
      window.postMessage("preferences submitted", location.origin);
    });
    await expect.poll(() => logs.some((l) => l.startsWith("log: consent: the consent check failed"))).toBe(true);
  });
});
