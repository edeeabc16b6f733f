import { describe, expect, it } from "vitest";
import { marketingFooter, marketingMailHeaders } from "./marketing-mail";

describe("what every marketing mail carries", () => {
  it("RFC 8058 one-click headers naming the HTTPS unsubscribe URL", () => {
    expect(marketingMailHeaders("https://shop.example/api/marketing/unsubscribe?token=abc")).toEqual({
      "List-Unsubscribe": "<https://shop.example/api/marketing/unsubscribe?token=abc>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("a footer with the unsubscribe link, the preference centre and the postal address, escaped in HTML", () => {
    const f = marketingFooter({
      storeName: "Tom & Jerry's",
      postalAddress: "1 Main St <Suite 2>, Denver, CO 80202",
      unsubscribeUrl: "https://shop.example/api/marketing/unsubscribe?token=a&b",
      preferencesUrl: "https://shop.example/email/preferences?token=a",
    });
    expect(f.text).toContain("Unsubscribe: https://shop.example/api/marketing/unsubscribe?token=a&b");
    expect(f.text).toContain("https://shop.example/email/preferences?token=a");
    expect(f.text).toContain("Tom & Jerry's, 1 Main St <Suite 2>, Denver, CO 80202");
    expect(f.html).toContain('<a href="https://shop.example/api/marketing/unsubscribe?token=a&amp;b">Unsubscribe</a>');
    expect(f.html).toContain("1 Main St &lt;Suite 2&gt;, Denver, CO 80202");
    expect(f.html).not.toContain("<Suite");
  });
});
