import { describe, expect, it } from "vitest";
import { subscriptionChangeMail } from "./mail";

describe("subscription change mail", () => {
  const base = {
    storeName: "Kibble & Co",
    firstName: "Pat",
    contractId: "AS-500001",
    change: "The next order was skipped.",
    item: "Chicken <b>Recipe</b> (Chicken / 5 lb)",
    quantity: 2,
    frequency: "Every 4 weeks",
    status: "active",
    nextOrder: "Next order: 2026-04-26",
    price: "$38.00",
    manageUrl: "https://shop.example/account/autoships",
  };

  it("says what changed and how the subscription stands, with the link", () => {
    const m = subscriptionChangeMail(base);
    expect(m.subject).toBe("Your Autoship AS-500001: The next order was skipped");
    expect(m.text).toContain("Every 4 weeks · $38.00 per delivery");
    expect(m.text).toContain("Next order: 2026-04-26");
    expect(m.text).toContain("https://shop.example/account/autoships");
  });

  it("escapes every value in the HTML body", () => {
    const m = subscriptionChangeMail({ ...base, firstName: "<script>", storeName: "A&B" });
    expect(m.html).not.toContain("<script>");
    expect(m.html).toContain("&lt;script&gt;");
    expect(m.html).toContain("Chicken &lt;b&gt;Recipe&lt;/b&gt;");
    expect(m.html).toContain("A&amp;B");
  });

  it("leaves the next order out when none is planned", () => {
    expect(subscriptionChangeMail({ ...base, status: "cancelled", nextOrder: null }).text).not.toContain("Next order");
  });
});
