import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { buildSeedCatalog } from "../../server/modules/catalog";
import { expect, shopUrl, staffUrl } from "./fixtures";

// Steps several journeys share: a fresh shopper's address, a new account, the mail they were sent.

export const PASSWORD = "kibble123";

export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

export const accountNav = (page: Page) => page.getByRole("navigation", { name: "Account and cart" });

/** Creates an account through /shelter/register; the shopper is signed in afterwards. */
export async function register(page: Page, email: string, password = PASSWORD, options: { marketing?: boolean } = {}) {
  await page.goto(shopUrl("/shelter/register"));
  const form = page.getByTestId("register-form");
  await form.getByLabel("First name").fill("Robin");
  await form.getByLabel("Last name").fill("Hart");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByLabel("Repeat password").fill(password);
  if (options.marketing) await form.getByLabel("Send me offers and news by email").check();
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(accountNav(page).getByRole("button", { name: "Log Out" })).toBeVisible();
}

/** The seed's open clinic in Springfield (joining registers at once) and its approval clinic. */
export const OPEN_CLINIC = { groupId: "G500001", name: "Springfield Animal Hospital" };
export const APPROVAL_CLINIC = { groupId: "G500002", name: "Springfield Pet Clinic" };

/**
 * A new staff account on the staff site (role as labelled, e.g. "Veterinary technician"), through
 * the registration form; it lands on the clinic step. With `clinic`, it searches the group id and
 * joins: an open clinic registers the member at once.
 */
export async function registerStaff(
  page: Page,
  opts: { role?: string; email?: string; clinic?: { groupId: string; name: string } | null; student?: { year: string; school: string } } = {},
) {
  const email = opts.email ?? uniqueEmail("staff");
  await page.goto(staffUrl("/shelter/register"));
  const form = page.getByTestId("register-form");
  await form.getByLabel("First name").fill("Casey");
  await form.getByLabel("Last name").fill("Vale");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Repeat password").fill(PASSWORD);
  await form.getByLabel("Your role").selectOption({ label: opts.role ?? "Veterinary technician" });
  if (opts.student) {
    await form.getByLabel("Graduation year").fill(opts.student.year);
    await form.getByLabel("School").fill(opts.student.school);
  }
  await form.getByLabel(/program terms/).check();
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(staffUrl("/shelter/register?step=clinic"));
  const clinic = opts.clinic === undefined ? OPEN_CLINIC : opts.clinic;
  if (clinic) await joinClinic(page, clinic);
  return email;
}

/** On the clinic step or My Clinic: find a clinic by its group id and join it. */
export async function joinClinic(page: Page, clinic: { groupId: string; name: string }) {
  const search = page.getByRole("search", { name: "Clinic directory" });
  await search.getByLabel("Search by").selectOption("groupId");
  await search.getByLabel("Search for").fill(clinic.groupId);
  await search.getByRole("button", { name: "Search" }).click();
  // Wait for the join itself to be answered: a navigation right after the click would otherwise
  // race it (and find the member not yet registered).
  const joined = page.waitForResponse((r) => r.request().method() === "POST" && !new URL(r.url()).pathname.startsWith("/api/"));
  await page.getByRole("button", { name: `Join ${clinic.name}` }).click();
  await joined;
}

export const OK_CARD = "4242 4242 4242 4242";

/** The checkout's Information step: a new shipping address (Aurora, CO by default). */
export async function fillCheckoutAddress(
  page: Page,
  a: { first?: string; address1: string; city: string; state: string; zip: string } = { address1: "1 Main St", city: "Aurora", state: "CO", zip: "80011" },
) {
  const form = page.getByTestId("checkout-information");
  await form.getByLabel("First name").fill(a.first ?? "Robin");
  await form.getByLabel("Last name").fill("Hart");
  await form.getByLabel("Street address").fill(a.address1);
  await form.getByLabel("City").fill(a.city);
  await form.getByLabel("State").selectOption(a.state);
  await form.getByLabel("ZIP code").fill(a.zip);
}

/** The checkout's Payment step: a new card (the test processor's approving one by default), then Place order. */
export async function payWithCard(page: Page, card = OK_CARD) {
  const form = page.getByTestId("checkout-payment");
  await form.getByLabel("Card number").fill(card);
  await form.getByLabel("Expiry (MM/YY)").fill("12/34");
  await form.getByLabel("Security code").fill("123");
  await form.getByTestId("place-order").click();
}

/**
 * A signed-in customer's cart checked out to its confirmation: a new address, standard shipping, a
 * new card (with Autoship lines, the terms ticked first). Answers the order's number.
 */
export async function checkOutCart(page: Page, options: { autoshipTerms?: boolean } = {}): Promise<string> {
  await page.goto(shopUrl("/cart"));
  if (options.autoshipTerms) await page.getByLabel(/I understand that my Autoship items/).check();
  await page.getByTestId("proceed-to-checkout").click();
  await fillCheckoutAddress(page);
  await page.getByRole("button", { name: "Continue to shipping" }).click();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await payWithCard(page);
  await expect(page).toHaveURL(/\/checkout\/confirmation\//);
  return (await page.getByTestId("order-number").textContent())!.trim();
}

export const checkOutAutoshipCart = (page: Page) => checkOutCart(page, { autoshipTerms: true });

/** A D2C size of the seed catalogue, in stock at the warehouse serving the checkout's ZIP (80011, Denver). */
export function anAutoshipItem() {
  const catalog = buildSeedCatalog();
  return catalog.products
    .filter((p) => p.sites.includes("d2c"))
    .flatMap((p) => p.variants.map((v) => ({ p, v })))
    .find(
      ({ v }) => !v.badgeTags.includes("badge::out-of-stock") && catalog.inventory.some((i) => i.sku === v.sku && i.warehouseCode === "DEN1" && i.onHand > 5),
    )!;
}

/** A signed-in customer subscribes to `item` on Autoship: the product page, then the checkout. */
export async function subscribeTo(page: Page, item: { p: { handle: string }; v: { sku: string } }) {
  await page.goto(shopUrl(`/products/${item.p.handle}?sku=${item.v.sku}`));
  await page.getByRole("radio", { name: /Autoship/ }).check();
  await page.getByTestId("add-to-cart").click();
  await page.getByRole("dialog", { name: "Added to your cart" }).getByRole("button", { name: "Continue Shopping" }).click();
  await checkOutAutoshipCart(page);
}

const mailDir = `${process.env.E2E_PGLITE_DIR}-mail`;

/** A mail as the drop folder keeps it (server/modules/mail/service.ts writeDropFile). */
type RecordedMail = { subject: string; text: string; to: string; headers: Record<string, string> };

/**
 * The newest recorded mail to an address (optionally with a subject matching `subject`), from the
 * mail drop folder MAIL_OUTBOX_DIR that playwright.config.ts sets; waits for it to arrive (as long as
 * any expectation, or `timeout` ms for a mail a background job sends).
 */
export async function latestMailTo(to: string, subject?: RegExp, timeout?: number): Promise<RecordedMail> {
  let found: RecordedMail | undefined;
  await expect
    .poll(
      () => {
        let files: string[];
        try {
          // Only finished mails: the shop writes each under a temporary name first.
          files = readdirSync(mailDir)
            .filter((f) => f.endsWith(".json"))
            .sort()
            .reverse();
        } catch {
          files = [];
        }
        found = files
          .map((f) => JSON.parse(readFileSync(path.join(mailDir, f), "utf8")) as RecordedMail)
          .find((m) => m.to === to && (!subject || subject.test(m.subject)));
        return Boolean(found);
      },
      { timeout },
    )
    .toBe(true);
  return found!;
}

/** Every recorded mail to an address with a subject matching `subject`, now (no waiting): a count of what was sent. */
export function mailsTo(to: string, subject: RegExp): RecordedMail[] {
  let files: string[];
  try {
    files = readdirSync(mailDir).filter((f) => f.endsWith(".json"));
  } catch {
    files = [];
  }
  return files.map((f) => JSON.parse(readFileSync(path.join(mailDir, f), "utf8")) as RecordedMail).filter((m) => m.to === to && subject.test(m.subject));
}

/**
 * A console operator made for one test (scripts/e2e-operators.ts `key`): opens its one-time setup
 * link, chooses a password and lands on the dashboard signed in. Each key is used by one test only.
 */
export async function consoleOperator(page: Page, key: string): Promise<{ email: string }> {
  const links = JSON.parse(readFileSync(`${process.env.E2E_PGLITE_DIR}-operators.json`, "utf8")) as Record<string, string>;
  const url = new URL(links[key]!);
  await page.goto(shopUrl(url.pathname + url.search));
  const form = page.getByTestId("admin-setup");
  await form.getByLabel("Your name").fill(key);
  await form.getByLabel("Password", { exact: true }).fill("a long console password");
  await form.getByLabel("Repeat password").fill("a long console password");
  await form.getByRole("button", { name: "Create my account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  return { email: `e2e-${key}@example.test` };
}

/** The ids of the axe rules a page (or the part `include` selects) breaks, for these WCAG tags. */
export async function axeViolationIds(page: Page, tags: string[], include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(tags);
  const result = await (include ? builder.include(include) : builder).analyze();
  return result.violations.map((v) => v.id);
}
