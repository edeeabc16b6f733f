import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, shopUrl, test } from "./fixtures";
import { consoleOperator, latestMailTo, uniqueEmail } from "./journeys";

// The marketing list's journey (README "E-mail marketing"): the footer's sign-up, the confirmation
// mail read from the mail drop folder, the confirmation, the preference centre a GET of the
// List-Unsubscribe URL opens, a campaign a marketing operator sends to a segment arriving (sent by
// the renewal pass), RFC 8058 one-click unsubscribe POSTed to that mail's List-Unsubscribe URL as a
// mail client would, and the next campaign not arriving; the console's e-mail list says so too.

const axeViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze()).violations.map((v) => v.id);

/** A campaign to the shop's "Offers" readers, composed and sent now from the console; its page once sent. */
async function sendCampaign(console: Page, subject: string, checkForm?: () => Promise<void>) {
  await console.goto(shopUrl("/admin/marketing/campaigns/new"));
  const form = console.getByTestId("campaign-form");
  await form.getByLabel("Name (for the console)").fill(subject);
  await form.getByLabel("Subject", { exact: true }).fill(subject);
  await form.getByLabel("Body").fill("Fresh picks for your pet.\n\nbutton: See them | /products");
  await form.getByLabel("Topic").selectOption("offers");
  await checkForm?.();
  await form.getByRole("button", { name: "Create the draft" }).click();
  await expect(console.getByTestId("campaign-state")).toContainText("Draft");
  await console.getByRole("button", { name: "Schedule or send now" }).click();
  await expect(console.getByTestId("campaign-state")).not.toContainText("Draft");
}

test("footer sign-up, confirmation by mail, a campaign, one-click unsubscribe, no next campaign", async ({ page, request, browser }) => {
  test.setTimeout(90_000);
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
  const welcomeUnsubscribe = /^<(.+)>$/.exec(welcome.headers["List-Unsubscribe"])![1];
  expect(welcome.text).toContain(`Unsubscribe: ${welcomeUnsubscribe}`);

  // A GET of the link (a person clicking it) opens the preference centre, signed in or not.
  await page.goto(welcomeUnsubscribe);
  await expect(page).toHaveURL(/\/email\/preferences\?token=/);
  await expect(page.getByTestId("subscriber-state")).toHaveText("subscribed");
  expect(await axeViolations(page)).toEqual([]);

  // A marketing operator sends a campaign to the shop's Offers readers: the renewal pass mails it.
  const console = await (await browser.newContext()).newPage();
  await consoleOperator(console, "marketing-campaigns");
  const first = `Spring picks ${Date.now().toString(36)}`;
  // (The compose form is checked: the campaign's page holds its previews in sandboxed frames axe cannot enter.)
  await sendCampaign(console, first, async () => expect(await axeViolations(console)).toEqual([]));
  const campaign = await latestMailTo(email, new RegExp(`^${first}$`), 30_000);
  expect(campaign.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  const unsubscribeUrl = /^<(.+)>$/.exec(campaign.headers["List-Unsubscribe"])![1];
  expect(campaign.text).toContain(`Unsubscribe: ${unsubscribeUrl}`);
  expect(campaign.text).toMatch(/See them: http:\/\/\S+\/email\/c\//);

  // The mail client's one-click: a form POST with no cookie and no origin of the shop's.
  const oneClick = await request.post(unsubscribeUrl, { form: { "List-Unsubscribe": "One-Click" }, headers: { origin: "https://mail.example" } });
  expect(oneClick.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId("subscriber-state")).toHaveText("unsubscribed");

  // The next campaign goes out (its state reaches Sent) and does not reach the address.
  const second = `Summer picks ${Date.now().toString(36)}`;
  await sendCampaign(console, second);
  await expect(async () => {
    await console.reload();
    await expect(console.getByTestId("campaign-state")).toContainText("Sent", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(latestMailTo(email, new RegExp(`^${second}$`), 2_000)).rejects.toThrow();

  await console.goto(shopUrl("/admin/marketing"));
  await console.getByLabel("Search").fill(email);
  await console.getByRole("button", { name: "Filter" }).click();
  await expect(console.getByTestId("subscribers-rows")).toContainText(`${email}ShopunsubscribedFooter form`);
  expect(await axeViolations(console)).toEqual([]);
});
