import { describe, expect, it } from "vitest";
import { AUTOSHIP_PROMOTION, type CardModel } from "../product-card";
import { packCards, unpackCards } from "./card-pack";

describe("packed cards (a listing's loader data)", () => {
  const SPELLED = "/products/kindred-crest/kindred-crest-everyday-essentials-adult-dry-dog-food/chicken-rice/4-lb-bag?sku=KC-D03-CHR-4LB";
  const base = {
    key: "3:KC-D03-CHR-4LB",
    sku: "KC-D03-CHR-4LB",
    href: "/products/kindred-crest/kc-adult/chicken-rice/4-lb-bag?sku=KC-D03-CHR-4LB",
    title: "Kindred Crest Everyday Essentials Adult Dry Dog Food",
    brand: "Kindred Crest",
    description: "Kindred Crest Everyday Es…",
    imageSource: "packshots/bag_kindred-crest_chicken-rice_dog.webp",
    variantId: "12",
    variantLabel: "Chicken & Rice, 4 lb Bag",
    inStock: true,
    priceCents: 1399,
  };
  const cards = {
    "the shop's, with a rating": {
      ...base,
      freeShipping: "Free shipping on orders over $49",
      autoship: AUTOSHIP_PROMOTION,
      rating: { average: 3.5, count: 2 },
    },
    "the staff site's, out of stock, with badges and its own alt text": {
      ...base,
      inStock: false,
      compareAtCents: 1999,
      priceLabel: "Program price",
      imageAlt: "A bag",
      badges: [
        { name: "out-of-stock" as const, label: "Out of Stock", tone: "error" as const },
        { name: "deal" as const, label: "Deal", tone: "success-dark" as const },
      ],
    },
    "one with nothing optional": base,
    "one whose key and link are of another form": { ...base, key: "3", href: "https://shop.example/products/x?sku=KC-D03-CHR-4LB" },
    "one whose shortened link would look whole": { ...base, key: "!3:KC-D03-CHR-4LB", href: "/products/!odd?sku=KC-D03-CHR-4LB" },
    "one whose link the brand, title and variant spell": { ...base, href: SPELLED },
    "one whose brand slug is not its name's": { ...base, brand: "Vetrova Clinical", href: SPELLED.replace("kindred-crest/", "vetrova/") },
    "one whose link has an empty segment": { ...base, href: "/products/kindred-crest//chicken-rice/4-lb-bag?sku=KC-D03-CHR-4LB" },
    "one whose link has five segments": { ...base, href: "/products/kindred-crest/x/y/chicken-rice/4-lb-bag?sku=KC-D03-CHR-4LB" },
    "one without a flavour": {
      ...base,
      variantLabel: "4 lb Bag",
      href: "/products/kindred-crest/kindred-crest-everyday-essentials-adult-dry-dog-food/default/4-lb-bag?sku=KC-D03-CHR-4LB",
    },
    "one with a flavour of a comma": {
      ...base,
      variantLabel: "Chicken, Rice, 4 lb Bag",
      href: "/products/kindred-crest/kindred-crest-everyday-essentials-adult-dry-dog-food/chicken-rice/4-lb-bag?sku=KC-D03-CHR-4LB",
    },
    "one whose image is not a packshot": { ...base, imageSource: "cms/hero-dog.webp" },
    "one whose image would look whole": { ...base, imageSource: "packshots/!x.webp" },
  };

  const fields = (card: CardModel) => packCards([card])[0]!.split("|");

  it("leaves out of the link what the brand, title and variant spell, and the image's folder and type", () => {
    const packed = fields({ ...base, href: SPELLED });
    expect(packed[2]).toBe("///");
    expect(packed[6]).toBe("bag_kindred-crest_chicken-rice_dog");
    expect(fields({ ...base, brand: "Vetrova Clinical", href: SPELLED.replace("kindred-crest/", "vetrova/") })[2]).toBe("vetrova///");
    expect(fields(base)[2]).toBe("/kc-adult//");
  });

  it("writes the SKU once, not again in the key and the link", () => {
    const packed = JSON.stringify(packCards([base]));
    expect(packed.split("KC-D03-CHR-4LB")).toHaveLength(2);
  });

  it("is one string a card, its values only, no field names", () => {
    const packed = packCards([cards["the shop's, with a rating"]]);
    expect(packed).toStrictEqual([
      "3|KC-D03-CHR-4LB|/kc-adult//|Kindred Crest Everyday Essentials Adult Dry Dog Food|Kindred Crest|Kindred Crest Everyday Es…|bag_kindred-crest_chicken-rice_dog|12|Chicken & Rice, 4 lb Bag|1|1399||Free shipping on orders over $49|Save an extra 5% with Autoship|3.5,2||",
    ]);
  });

  it("names its badges only: their label and tone are the name's", () => {
    const packed = fields(cards["the staff site's, out of stock, with badges and its own alt text"]);
    expect(packed[15]).toBe("out-of-stock,deal");
    expect(packed.join("|")).not.toContain("Out of Stock");
  });

  it("writes a value the card before has in the same place as ^", () => {
    const second = {
      ...cards["the shop's, with a rating"],
      key: "4:KC-D04-CHR-4LB",
      sku: "KC-D04-CHR-4LB",
      variantId: "13",
      title: "Another",
      href: "/products/x?sku=KC-D04-CHR-4LB",
    };
    const [, packed] = packCards([cards["the shop's, with a rating"], second]);
    expect(packed!.split("|").filter((v) => v === "^")).toHaveLength(8);
    expect(packed).not.toContain("Free shipping");
  });

  it("keeps a value made of the separator, the ditto and the escape mark", () => {
    const odd = { ...base, title: "A | B ^ 100% %7C", brand: "^", description: "|", variantLabel: "^^, 4 lb" };
    expect(unpackCards(packCards([odd, odd]))).toStrictEqual([odd, odd]);
  });

  for (const [name, card] of Object.entries(cards)) {
    it(`unpacks to the card it packed: ${name}`, () => {
      const packed = packCards([card]);
      // What the page serializes: values only, no field names.
      expect(JSON.stringify(packed)).not.toContain('"sku"');
      expect(unpackCards(JSON.parse(JSON.stringify(packed)))).toStrictEqual([card]);
    });
  }

  it("unpacks a list to the cards it packed, one after another alike or not", () => {
    const list = [...Object.values(cards), ...Object.values(cards)] as CardModel[];
    expect(unpackCards(JSON.parse(JSON.stringify(packCards(list))))).toStrictEqual(list);
  });
});
