import type { Locator, Page } from "@playwright/test";
import { buildSeedCatalog } from "../../server/modules/catalog";
import { expect, shopUrl, test } from "./fixtures";
import { consoleOperator, latestMailTo } from "./journeys";

// Account journeys: an account from registration to sign-out, the /account gate, password reset
// through the recorded e-mail (the mail drop folder MAIL_OUTBOX_DIR set by playwright.config.ts),
// and the inactivity warning (INACTIVITY_SECONDS=20 on the test server).

const PASSWORD = "kibble123";

// A refused sign-in (401) or reset (400) is an answer the browser logs as a failed resource load.
test.use({ allowedConsoleErrors: [/status of (400|401|429)/] });
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

const header = (page: Page) => page.getByRole("navigation", { name: "Account and cart" });

async function register(page: Page, email: string, first = "Robin") {
  await page.goto(shopUrl("/shelter/register"));
  await expect(page).toHaveTitle(/^Create Account \|/);
  const form = page.getByTestId("register-form");
  await form.getByLabel("First name").fill(first);
  await form.getByLabel("Last name").fill("Hart");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Repeat password").fill(PASSWORD);
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(header(page).getByRole("button", { name: "Log Out" })).toBeVisible();
}

async function signOut(page: Page) {
  await header(page).getByRole("button", { name: "Log Out" }).click();
  await expect(header(page).getByRole("link", { name: "Log In" })).toBeVisible();
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  const form = page.getByTestId("login-form");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Log In" }).click();
}

test.describe("an account from registration to sign-out", () => {
  test("register, edit the profile, add, edit and delete an address, sign out", async ({ page }) => {
    const email = uniqueEmail("journey");
    await register(page, email);

    await page.goto(shopUrl("/account/my-profile"));
    await expect(page).toHaveTitle(/^My Profile \|/);
    const profile = page.getByTestId("profile-form");
    await profile.getByLabel("First name").fill("Robbie");
    await profile.getByLabel("Phone").fill("abc");
    await profile.getByRole("button", { name: "Save profile" }).click();
    // Checked in the browser with the same schema as the server: the message sits by the field.
    const phone = profile.getByLabel("Phone");
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Enter a valid phone number")).toBeVisible();
    await phone.fill("303-555-0199");
    await profile.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Your profile was saved.")).toBeVisible();
    await page.reload();
    await expect(profile.getByLabel("First name")).toHaveValue("Robbie");
    await expect(profile.getByLabel("Phone")).toHaveValue("303-555-0199");

    await page.goto(shopUrl("/account/address-book"));
    await expect(page).toHaveTitle(/^Address Book \|/);
    await page.getByRole("link", { name: "Add a new address" }).click();
    const form = page.getByTestId("address-form");
    await expect(form.getByLabel("State")).toContainText("Wyoming");
    expect(await form.getByLabel("State").locator("option").count()).toBe(52); // 51 + "Choose a state"
    await form.getByLabel("Street address").fill("12 Elm St");
    await form.getByLabel("City").fill("Aurora");
    await form.getByLabel("State").selectOption("CO");
    await form.getByLabel("ZIP code").fill("800");
    await form.getByRole("button", { name: "Add address" }).click();
    await expect(form.getByText("Enter a 5-digit ZIP code")).toBeVisible();
    await form.getByLabel("ZIP code").fill("80011");
    await form.getByRole("button", { name: "Add address" }).click();
    await expect(page.getByText("The address was added.")).toBeVisible();
    const cards = page.getByTestId("address-card");
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText("Default address");
    await expect(cards.first()).toContainText("Aurora, CO 80011");

    await cards.first().getByRole("link", { name: "Edit 12 Elm St" }).click();
    await page.getByTestId("address-form").getByLabel("City").fill("Denver");
    await page.getByTestId("address-form").getByRole("button", { name: "Save address" }).click();
    await expect(page.getByText("The address was saved.")).toBeVisible();
    await expect(cards.first()).toContainText("Denver, CO 80011");

    await page.goto(shopUrl("/account/dashboard"));
    await expect(page).toHaveTitle(/^My Account \|/);
    await expect(page.getByTestId("default-address")).toContainText("Denver, CO 80011");
    await expect(page.getByTestId("latest-order")).toHaveText("You have not placed an order yet.");

    await page.goto(shopUrl("/account/address-book"));
    await cards.first().getByRole("button", { name: "Delete 12 Elm St" }).click();
    await expect(page.getByText("The address was deleted.")).toBeVisible();
    await expect(cards).toHaveCount(0);

    await signOut(page);
    // Signed out on an /account page: home.
    await expect(page).toHaveURL(shopUrl("/"));
    expect((await page.context().cookies()).find((c) => c.name === "sessionToken")).toBeUndefined();
  });

  test("opening /logout signs out at once, lands on / and clears the account's cookies", async ({ page }) => {
    await register(page, uniqueEmail("typed-logout"));
    await page.goto(shopUrl("/account/dashboard"));
    await page.goto(shopUrl("/logout"));
    await expect(page).toHaveURL(shopUrl("/"));
    await expect(header(page).getByRole("link", { name: "Log In" })).toBeVisible();
    const names = (await page.context().cookies()).map((c) => c.name);
    for (const name of ["sessionToken", "og_auth", "userLocation", "userWarehouse"]) expect(names, name).not.toContain(name);
  });

  test("each account page records its breadcrumb page kind (SPEC §2)", async ({ page }) => {
    await register(page, uniqueEmail("kinds"));
    const kinds: [string, string][] = [
      ["/account/dashboard", "my-account"],
      ["/account/my-profile", "my-profile"],
      ["/account/orders", "my-orders"],
      ["/account/address-book", "address-book"],
      ["/account/autoships", "my-autoships"],
    ];
    for (const [path, kind] of kinds) {
      await page.goto(shopUrl(path));
      await expect
        .poll(() => page.evaluate(() => JSON.parse(sessionStorage.getItem("kibble-shop:breadcrumbs") ?? "{}").currentKind), { message: path })
        .toBe(kind);
    }
  });

  test("a wrong password is refused with the same words as an unknown address", async ({ page }) => {
    const email = uniqueEmail("wrong");
    await register(page, email);
    await signOut(page);
    await page.goto(shopUrl("/shelter/login"));
    await signIn(page, email, "not-the-password1");
    await expect(page.getByRole("alert")).toHaveText("The email or password is incorrect.");
    await signIn(page, uniqueEmail("nobody"), "not-the-password1");
    await expect(page.getByRole("alert")).toHaveText("The email or password is incorrect.");
  });
});

test.describe("the account pages' settings (SPEC §7 get-account-pages-settings)", () => {
  test("the account pages show the settings' words, and an edit published in the console changes them", async ({ page, browser }) => {
    test.setTimeout(90_000);
    await register(page, uniqueEmail("settings"));
    // The seeded entry (content/site/account-pages-settings.json).
    await page.goto(shopUrl("/account/dashboard"));
    await expect(page.getByTestId("dashboard-intro")).toContainText("Welcome back. From here you can see your orders");
    await expect(page.getByTestId("latest-order")).toHaveText("You have not placed an order yet.");
    await page.goto(shopUrl("/account/orders"));
    await expect(page.getByTestId("orders-empty")).toContainText("You have not placed an order yet.");
    await page.goto(shopUrl("/account/address-book"));
    await expect(page.getByTestId("address-book-intro")).toHaveText("Your default address is used for delivery estimates.");

    await page.goto(shopUrl("/account/autoships"));
    await expect(page.getByTestId("subscriptions-empty")).toContainText("You have no Autoship subscriptions yet.");

    // A content editor changes My Account's welcome and publishes it (only words no other test reads:
    // the browser tests share one shop).
    const editor = await (await browser.newContext()).newPage();
    await consoleOperator(editor, "account-settings-editor");
    await editor.goto(shopUrl("/admin/content?type=account-pages-settings"));
    await editor.getByTestId("content-rows").getByRole("link", { name: "main" }).click();
    const form = editor.getByTestId("entry-form");
    const stamp = Date.now().toString(36);
    await form.getByLabel(/^Dashboard \(HTML\)/).fill(`<p>Good to see you again (${stamp}).</p>`);
    await form.getByRole("button", { name: "Save draft" }).click();
    await expect(editor.getByText("Draft saved.")).toBeVisible();
    await editor.getByRole("button", { name: "Publish" }).click();
    await expect(editor.getByText("Published: the shop shows this version now.")).toBeVisible();

    await expect(async () => {
      await page.goto(shopUrl("/account/dashboard"));
      await expect(page.getByTestId("dashboard-intro")).toHaveText(`Good to see you again (${stamp}).`, { timeout: 1000 });
    }).toPass({ timeout: 40_000 });
  });
});

test.describe("the /account gate (SPEC §2)", () => {
  test("/account itself sends a signed-in customer to My Account", async ({ page }) => {
    await register(page, uniqueEmail("account-root"));
    await page.goto(shopUrl("/account"));
    await expect(page).toHaveURL(shopUrl("/account/dashboard"));
    await expect(page).toHaveTitle(/^My Account \|/);
    await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
  });

  test("/account signed out: the gate, and after sign-in My Account", async ({ page }) => {
    const email = uniqueEmail("account-root-gate");
    await register(page, email);
    await signOut(page);
    await page.goto(shopUrl("/account"));
    await expect(page.getByTestId("account-gate")).toBeVisible();
    await expect(page).toHaveURL(/\/shelter\/login\?redirect=/);
    await signIn(page, email);
    await expect(page).toHaveURL(shopUrl("/account/dashboard"));
  });

  test("signed out: a notice, then sign-in, then back to the page asked for", async ({ page }) => {
    const email = uniqueEmail("gate");
    await register(page, email);
    await signOut(page);

    await page.goto(shopUrl("/account/orders"));
    await expect(page.getByTestId("account-gate")).toBeVisible();
    await expect(page).toHaveURL(/\/shelter\/login\?redirect=/);
    await signIn(page, email);
    await expect(page).toHaveURL(shopUrl("/account/orders"));
    await expect(page).toHaveTitle(/^My Orders \|/);
    await expect(page.getByTestId("orders-empty")).toBeVisible();

    // Signed in, the login page sends the customer back.
    await page.goto(shopUrl("/shelter/login"));
    await expect(page).toHaveURL(shopUrl("/"));
  });

  test("a redirect parameter naming another site is not followed", async ({ page }) => {
    const email = uniqueEmail("open");
    await register(page, email);
    await signOut(page);
    const evil = Buffer.from("//evil.example/steal").toString("base64");
    await page.goto(shopUrl(`/shelter/login?redirect=${encodeURIComponent(evil)}`));
    await signIn(page, email);
    await expect(page).toHaveURL(shopUrl("/products"));
  });
});

test.describe("forgotten password", () => {
  test("the e-mailed link sets a new password once", async ({ page }) => {
    const email = uniqueEmail("reset");
    await register(page, email);
    await signOut(page);

    await page.goto(shopUrl("/shelter/forgot-password"));
    await page.getByTestId("forgot-form").getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();

    const mail = await latestMailTo(email);
    expect(mail.subject).toMatch(/Reset your .* password/);
    const link = /https?:\/\/\S+\/shelter\/reset-password\?token=[\w-]+/.exec(mail.text)![0];
    await page.goto(link);
    const form = page.getByTestId("reset-form");
    await form.getByLabel("New password", { exact: true }).fill("fresh-pass-42");
    await form.getByLabel("Repeat new password").fill("fresh-pass-42");
    await form.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByText("Your password was changed.")).toBeVisible();
    await signIn(page, email, "fresh-pass-42");
    await expect(header(page).getByRole("button", { name: "Log Out" })).toBeVisible();

    // Used once: the same link no longer works.
    await page.goto(link);
    const again = page.getByTestId("reset-form");
    await again.getByLabel("New password", { exact: true }).fill("other-pass-42");
    await again.getByLabel("Repeat new password").fill("other-pass-42");
    await again.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByRole("alert")).toContainText("expired or was already used");
  });
});

/** Lets the browser's (installed) clock run on, 5 s at a time, until the warning shows: about the configured 20 s. */
async function idleUntil(page: Page, dialog: Locator) {
  let idled = 0;
  await expect
    .poll(async () => {
      if (await dialog.isVisible()) return idled;
      await page.clock.fastForward(5_000);
      idled += 5_000;
      return (await dialog.isVisible()) ? idled : 0;
    })
    .toBeGreaterThanOrEqual(20_000);
}

test.describe("inactivity (SPEC §4)", () => {
  test("the warning appears after the configured seconds; Continue keeps the session, End session signs out", async ({ page }) => {
    // The browser's clock is Playwright's: the 20 s of INACTIVITY_SECONDS pass at once (the server's
    // session, which lives two minutes longer, is not the subject here).
    await page.clock.install();
    await register(page, uniqueEmail("idle"));
    await page.goto(shopUrl("/products"));
    const dialog = page.getByTestId("inactivity-dialog");
    await expect(dialog).toBeHidden();
    await idleUntil(page, dialog);
    await expect(dialog.getByRole("heading", { name: "Are you still there?" })).toBeVisible();
    const before = (await page.context().cookies()).find((c) => c.name === "sessionToken")!.value;
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect(dialog).toBeHidden();
    // Continue forced a refresh: a new session token, still signed in.
    await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === "sessionToken")?.value).not.toBe(before);
    await page.reload();
    await expect(header(page).getByRole("button", { name: "Log Out" })).toBeVisible();

    await idleUntil(page, dialog);
    await dialog.getByRole("button", { name: "End session" }).click();
    await expect(header(page).getByRole("link", { name: "Log In" })).toBeVisible();
    // Not on an /account page: the shopper stays put, and the page says why they were signed out.
    await expect(page).toHaveURL(shopUrl("/products"));
    const notice = page.getByTestId("signed-out-notice");
    await expect(notice).toHaveText(/You were signed out because you were inactive for a while\./);
    await expect(notice).toHaveAttribute("role", "status");
    // Said once: not again on a reload, nor on the next page.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(notice).toBeHidden();
  });

  test("signed out for inactivity on an /account page: home, saying why; a sign-out the shopper asked for says nothing", async ({ page }) => {
    await register(page, uniqueEmail("idle-account"));
    await page.goto(shopUrl("/account/orders"));
    await expect(page).toHaveTitle(/^My Orders \|/);
    // What the warning's End session posts (inactivity-watch.tsx), without waiting for the timer.
    await page.evaluate(async () => {
      const body = new FormData();
      body.set("reason", "inactivity");
      body.set("returnTo", "/account/orders");
      await fetch("/logout", { method: "POST", body, redirect: "manual" });
    });
    await page.goto(shopUrl("/"));
    await expect(page.getByTestId("signed-out-notice")).toContainText("inactive for a while");
    await expect(page.getByTestId("signed-out-notice").getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/shelter/login");

    await register(page, uniqueEmail("asked-logout"));
    await signOut(page);
    await expect(page.getByTestId("signed-out-notice")).toHaveCount(0);
  });
});

test.describe("contact form (SPEC §2, §7)", () => {
  test("a message is checked, sent, and confirmed to the sender by e-mail", async ({ page }) => {
    const email = uniqueEmail("contact");
    await page.goto(shopUrl("/contact-us"));
    await expect(page).toHaveTitle(/^Contact Us for any Pet Food Questions \|/);
    const form = page.getByTestId("contact-form");
    await form.getByLabel("First name").fill("Jo");
    await form.getByLabel("Last name").fill("Ray");
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByLabel("Message").fill("Hi");
    await form.getByRole("button", { name: "Send message" }).click();
    // Each message is tied to its field (aria-describedby).
    await expect(form.getByLabel("Subject")).toHaveAccessibleDescription("Choose a subject");
    await expect(form.getByLabel("Message")).toHaveAccessibleDescription("Write at least 10 characters");
    await form.getByLabel("Subject").selectOption("Autoship");
    await form.getByLabel("Message").fill("Can I change my delivery day?");
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Thank you! We received your message")).toBeVisible();
    expect((await latestMailTo(email)).subject).toBe("We received your message: Autoship");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("registration, the address book and sign-out work as plain forms", async ({ page }) => {
    await page.goto(shopUrl("/shelter/register"));
    const form = page.getByTestId("register-form");
    await form.getByLabel("First name").fill("Noa");
    await form.getByLabel("Last name").fill("Script");
    await form.getByLabel("Email", { exact: true }).fill(uniqueEmail("nojs"));
    await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await form.getByLabel("Repeat password").fill("different1");
    await form.getByRole("button", { name: "Create Account" }).click();
    // Checked by the server with the same schema: the message sits by the field.
    await expect(page.getByText("The passwords do not match")).toBeVisible();
    await page.getByTestId("register-form").getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByTestId("register-form").getByLabel("Repeat password").fill(PASSWORD);
    await page.getByTestId("register-form").getByRole("button", { name: "Create Account" }).click();
    await expect(header(page).getByRole("button", { name: "Log Out" })).toBeVisible();

    await page.goto(shopUrl("/account/address-book?new=1"));
    const address = page.getByTestId("address-form");
    await address.getByLabel("Street address").fill("5 Pine Rd");
    await address.getByLabel("City").fill("Boise");
    await address.getByLabel("State").selectOption("ID");
    await address.getByLabel("ZIP code").fill("83702");
    await address.getByRole("button", { name: "Add address" }).click();
    await expect(page.getByTestId("address-card")).toContainText("Boise, ID 83702");
    await signOut(page);
  });
});

test.describe("the cart across sign-in (SPEC §4)", () => {
  const catalog = buildSeedCatalog();
  const items = catalog.products
    .filter((p) => p.sites.includes("d2c"))
    .flatMap((p) => p.variants.map((v) => ({ p, v })))
    .filter(({ v }) => !v.badgeTags.includes("badge::out-of-stock") && !v.badgeTags.includes("badge::limited-stock"))
    .filter((item, i, all) => all.findIndex((o) => o.p.handle === item.p.handle) === i)
    .slice(0, 2);

  async function addToCart(page: Page, item: (typeof items)[number]) {
    await page.goto(shopUrl(`/products/${item.p.handle}?sku=${item.v.sku}`));
    await page.getByTestId("add-to-cart").click();
    const modal = page.getByRole("dialog", { name: "Added to your cart" });
    await expect(modal).toBeVisible();
    await modal.getByRole("button", { name: "Continue Shopping" }).click();
  }

  test("the guest cart is kept at registration and merged into the saved cart at the next sign-in", async ({ page }) => {
    const cartLink = page.getByTestId("cart-link");
    await addToCart(page, items[0]);
    await expect(cartLink).toHaveText(/items:\s*1$/);
    const email = uniqueEmail("cart");
    await register(page, email);
    await expect(cartLink).toHaveText(/items:\s*1$/);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "guest_col_cart_id")).toBeUndefined();
    expect(cookies.find((c) => c.name === "sessionToken")).toMatchObject({ httpOnly: true, sameSite: "Lax" });

    await signOut(page);
    await expect(cartLink).toHaveText(/items:\s*0$/);
    await addToCart(page, items[1]);
    await expect(cartLink).toHaveText(/items:\s*1$/);
    await page.goto(shopUrl("/shelter/login"));
    await signIn(page, email);
    await expect(cartLink).toHaveText(/items:\s*2$/);
    await page.goto(shopUrl("/cart"));
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
  });
});

test.describe("My Orders (SPEC §2 /account/orders and /account/orders/{id})", () => {
  test.use({ allowedConsoleErrors: [/status of (400|401|404|429)/] });

  test("an order the customer placed is listed with its total and opens in detail; another's is a 404", async ({ page, context }) => {
    const catalog = buildSeedCatalog();
    const item = catalog.products
      .filter((p) => p.sites.includes("d2c"))
      .flatMap((p) => p.variants.map((v) => ({ p, v })))
      .find(
        ({ v }) => !v.badgeTags.includes("badge::out-of-stock") && catalog.inventory.some((i) => i.sku === v.sku && i.warehouseCode === "DEN1" && i.onHand > 3),
      )!;
    const email = uniqueEmail("orders");
    await register(page, email);

    await page.goto(shopUrl(`/products/${item.p.handle}?sku=${item.v.sku}`));
    await page.getByTestId("add-to-cart").click();
    await expect(page.getByRole("dialog", { name: "Added to your cart" })).toBeVisible();
    const cartId = (await context.cookies()).find((c) => c.name === "col_cart_id")!.value;

    // Checkout screens are not built yet: the order is placed through the checkout API the screens will use.
    const res = await page.request.post(shopUrl("/api/checkout/place-order"), {
      headers: { origin: shopUrl("/").replace(/\/$/, "") },
      data: {
        cartId,
        idempotencyKey: `e2e-${Date.now()}`,
        email,
        shippingAddress: { firstName: "Robin", lastName: "Hart", address1: "1 Main St", city: "Aurora", provinceCode: "CO", zip: "80011" },
        shippingMethod: "standard",
        payment: { kind: "card", card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123" } },
      },
    });
    expect(res.ok(), await res.text()).toBe(true);

    await page.goto(shopUrl("/account/dashboard"));
    await expect(page.getByTestId("latest-order")).toContainText(/KC-\d+ · paid/i);

    await page.goto(shopUrl("/account/orders"));
    const table = page.getByTestId("orders-table");
    await expect(table.getByRole("row")).toHaveCount(2);
    const number = (await table.getByRole("link").first().textContent())!;
    expect(number).toMatch(/^KC-\d+$/);
    await table.getByRole("link", { name: number }).click();
    await expect(page).toHaveTitle(/^My Order Details \|/);
    await expect(page.getByTestId("order-number")).toContainText(number);
    await expect(page.getByText(item.p.title)).toBeVisible();

    // Another customer opening the same order gets the 404 page.
    await signOut(page);
    await register(page, uniqueEmail("other"));
    const other = await page.goto(shopUrl(`/account/orders/${number}`));
    expect(other?.status()).toBe(404);
  });
});
