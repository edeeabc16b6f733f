import { describe, expect, it } from "vitest";
import { documentTitle, pageTitle } from "./page-titles";

const d2c = { isStaff: false };
const staff = { isStaff: true };

describe("page titles of SPEC §2", () => {
  it("uses the normal-mode titles on the shop", () => {
    expect(pageTitle("register", d2c)).toBe("Create Account");
    expect(pageTitle("login", d2c)).toBe("Log In");
    expect(pageTitle("autoships", d2c)).toBe("My Subscriptions");
    expect(pageTitle("contact", d2c)).toBe("Contact Us for any Pet Food Questions");
    expect(pageTitle("products", d2c)).toBe("Shop All Pet Food");
  });
  it("uses the staff titles on the staff site", () => {
    expect(pageTitle("autoships", staff)).toBe("My Autoships");
    expect(pageTitle("contact", staff)).toBe("Contact Us");
    expect(pageTitle("terms", staff)).toBe("Terms & Conditions");
    expect(pageTitle("shipping", staff)).toBe("Shipping");
  });
  it("puts the site name after the page title", () => {
    expect(documentTitle("My Orders", { title: "Pro Staff Feeding" })).toBe("My Orders | Pro Staff Feeding");
    expect(documentTitle(null, { title: "Shop Kibble & Co." })).toBe("Shop Kibble & Co.");
  });
});
