import { describe, expect, it } from "vitest";
import { renderPackshotSvg } from "./packshot";

describe("renderPackshotSvg", () => {
  it("returns null for keys that do not parse or name an unknown brand or pack type", () => {
    for (const key of [
      "",
      "bag_kindred-crest_chicken",
      "bag_kindred-crest_chicken_dog_extra",
      "bag_kindred-crest_chicken_horse",
      "box_kindred-crest_chicken_dog",
      "bag_no-such-brand_chicken_dog",
      "bag_Kindred-Crest_chicken_dog",
      "../bag_kindred-crest_chicken_dog",
    ]) {
      expect(renderPackshotSvg(key), key).toBeNull();
    }
  });

  it("draws a 1000×1000 SVG with the brand and flavour names", () => {
    const svg = renderPackshotSvg("bag_kindred-crest_salmon_cat")!;
    expect(svg).toMatch(/^<svg [^>]*width="1000" height="1000" viewBox="0 0 1000 1000"/);
    expect(svg).toContain("Kindred");
    expect(svg).toContain("SALMON");
    expect(svg).toContain("#1e5aa8");
  });

  it("draws a different picture per pack type, brand, flavour and species", () => {
    const base = "kindred-crest_chicken_dog";
    const byPack = ["bag", "can", "tray", "pouch"].map((p) => renderPackshotSvg(`${p}_${base}`));
    expect(new Set(byPack).size).toBe(4);
    const variants = ["can_kindred-crest_chicken_dog", "can_copper-meadow_chicken_dog", "can_kindred-crest_beef_dog", "can_kindred-crest_chicken_cat"].map(
      (k) => renderPackshotSvg(k),
    );
    expect(new Set(variants).size).toBe(4);
  });

  it("still draws an unknown flavour, from its slug", () => {
    expect(renderPackshotSvg("pouch_tail-tokens_wild-boar_dog")).toContain("WILD BOAR");
  });

  it("escapes text put into the XML", () => {
    const svg = renderPackshotSvg("bag_kindred-crest_chicken-rice_dog")!;
    expect(svg).toContain("CHICKEN &amp; RICE");
    expect(svg).not.toContain("CHICKEN & RICE");
  });
});
