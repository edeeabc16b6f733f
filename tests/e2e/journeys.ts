import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, shopUrl } from "./fixtures";

// Steps several journeys share: a fresh shopper's address, a new account, the mail they were sent.

export const PASSWORD = "kibble123";

export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

export const accountNav = (page: Page) => page.getByRole("navigation", { name: "Account and cart" });

/** Creates an account through /shelter/register; the shopper is signed in afterwards. */
export async function register(page: Page, email: string, password = PASSWORD) {
  await page.goto(shopUrl("/shelter/register"));
  const form = page.getByTestId("register-form");
  await form.getByLabel("First name").fill("Robin");
  await form.getByLabel("Last name").fill("Hart");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByLabel("Repeat password").fill(password);
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(accountNav(page).getByRole("button", { name: "Log Out" })).toBeVisible();
}

const mailDir = `${process.env.E2E_PGLITE_DIR}-mail`;

/**
 * The newest recorded mail to an address (optionally with a subject matching `subject`), from the
 * mail drop folder MAIL_OUTBOX_DIR that playwright.config.ts sets; waits for it to arrive.
 */
export async function latestMailTo(to: string, subject?: RegExp): Promise<{ subject: string; text: string }> {
  let found: { subject: string; text: string; to: string } | undefined;
  await expect
    .poll(() => {
      let files: string[];
      try {
        // Only finished mails: the shop writes each under a temporary name first.
        files = readdirSync(mailDir).filter((f) => f.endsWith(".json")).sort().reverse();
      } catch {
        files = [];
      }
      found = files
        .map((f) => JSON.parse(readFileSync(path.join(mailDir, f), "utf8")) as { subject: string; text: string; to: string })
        .find((m) => m.to === to && (!subject || subject.test(m.subject)));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}
