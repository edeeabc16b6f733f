import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CauseImage } from "./cause-image";

// What the cause picker and the widget line show beside a cause's name.

describe("a cause's picture", () => {
  it("a cause without a logo shows its category icon, named after the category", () => {
    const html = renderToStaticMarkup(
      <CauseImage cause={{ logoUrl: null, categoryLogoUrl: "/donations/category-icons/3.svg", categoryName: "Animal Shelters & Rescue" }} />,
    );
    expect(html).toContain('src="/donations/category-icons/3.svg"');
    expect(html).toContain('alt="Animal Shelters &amp; Rescue"');
  });

  it("a cause with a logo shows the logo, decorative beside the name", () => {
    const html = renderToStaticMarkup(
      <CauseImage
        cause={{
          logoUrl: "/donations/logos/paws-rescue-league.svg",
          categoryLogoUrl: "/donations/category-icons/3.svg",
          categoryName: "Animal Shelters & Rescue",
        }}
      />,
    );
    expect(html).toContain('src="/donations/logos/paws-rescue-league.svg"');
    expect(html).toContain('alt=""');
    expect(html).not.toContain("category-icons");
  });
});
