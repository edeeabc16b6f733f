import { describe, expect, it } from "vitest";
import { contentPick, plainText } from "./campaign-content";

describe("a promotion or highlight in a campaign mail", () => {
  it("keeps the words of its HTML", () => {
    expect(plainText("<p>Use <strong>AUTO35</strong> &amp; save.</p><p>Skip any time.</p>")).toBe("Use AUTO35 & save. Skip any time.");
    expect(plainText("<p>a<br>b &lt;tag&gt; &quot;q&quot; it&#39;s</p>")).toBe('a b <tag> "q" it\'s');
  });

  it("takes a promotion's link, or a highlight's first button, when it leads to a page of the shop", () => {
    expect(contentPick("home-puppy", { heading: "New puppy?", bodyHtml: "<p>Food</p>", link: { text: "Shop Puppy Food", url: "/products/dog" } })).toEqual({
      key: "home-puppy",
      heading: "New puppy?",
      text: "Food",
      link: { label: "Shop Puppy Food", path: "/products/dog" },
    });
    const highlight = {
      heading: "Autoship",
      bodyHtml: "",
      buttons: [
        { text: "How it works", url: "/autoship" },
        { text: "Other", url: "/faq" },
      ],
    };
    expect(contentPick("home-autoship", highlight).link).toEqual({ label: "How it works", path: "/autoship" });
    // Another site's page is no place for the mail's signed click links: the words stay, the link goes.
    expect(contentPick("x", { heading: "Partner", bodyHtml: "", link: { text: "Visit", url: "https://elsewhere.example/" } }).link).toBeNull();
    expect(contentPick("x", { heading: "No link", bodyHtml: "" }).link).toBeNull();
  });
});
