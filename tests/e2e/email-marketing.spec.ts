import AxeBuilder from "@axe-core/playwright";
import { expect, shopUrl, test } from "./fixtures";
import { consoleOperator, latestMailTo, uniqueEmail } from "./journeys";

// The marketing list's journey (README "E-mail marketing"): the footer's sign-up, the confirmation
// mail read from the mail drop folder, the confirmation, the first marketing mail's RFC 8058
// one-click unsubscribe POSTed to its List-Unsubscribe URL as a mail client would, and the
// preference centre a GET of that URL opens, which then says the address is unsubscribed — as does
// the console's e-mail list.

const axeViolations = async (page: import("@playwright/test").Page) =>
  (await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze()).violations.map((v) => v.id);

test("footer sign-up, confirmation by mail, one-click unsubscribe", async ({ page, request, browser }) => {
  const email = uniqueEmail("list");
  await page.goto(shopUrl("/faq?_kx=e2e-kx&utm_campaign=spring"));
  const footer = page.getByTestId("footer-signup");
  await footer.getByLabel("Email address").fill(email);
  await footer.getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/email\/signup$/);
  await expect(page.getByTestId("signup-answer")).toContainText(email);

  const confirmation = await latestMailTo(email, /^Confirm your subscription/);
  await page.goto(/https?:\/\/\S+\/email\/confirm\?token=[\w.-]+/.exec(confirmation.text)![0]);
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByTestId("confirm-answer")).toContainText("your subscription is confirmed");

  const welcome = await latestMailTo(email, /^Welcome/);
  expect(welcome.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  const unsubscribeUrl = /^<(.+)>$/.exec(welcome.headers["List-Unsubscribe"])![1];
  expect(welcome.text).toContain(`Unsubscribe: ${unsubscribeUrl}`);

  // A GET of the link (a person clicking it) opens the preference centre, signed in or not.
  await page.goto(unsubscribeUrl);
  await expect(page).toHaveURL(/\/email\/preferences\?token=/);
  await expect(page.getByTestId("subscriber-state")).toHaveText("subscribed");
  expect(await axeViolations(page)).toEqual([]);

  // The mail client's one-click: a form POST with no cookie and no origin of the shop's.
  const oneClick = await request.post(unsubscribeUrl, { form: { "List-Unsubscribe": "One-Click" }, headers: { origin: "https://mail.example" } });
  expect(oneClick.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId("subscriber-state")).toHaveText("unsubscribed");

  const console = await (await browser.newContext()).newPage();
  await consoleOperator(console, "marketing-manager");
  await console.getByRole("link", { name: "E-mail list" }).click();
  await console.getByLabel("Search").fill(email);
  await console.getByRole("button", { name: "Filter" }).click();
  await expect(console.getByTestId("subscribers-rows")).toContainText(`${email}ShopunsubscribedFooter form`);
  expect(await axeViolations(console)).toEqual([]);
});
