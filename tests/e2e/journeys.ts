import type { Page } from "@playwright/test";
import { expect, shopUrl } from "./fixtures";

// Steps several journeys share: a fresh shopper's address and a new account.

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
