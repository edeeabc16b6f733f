import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { CardModel } from "../../../rules/catalog/product-card";
import { ProductCard } from "./product-card";

// The card's markup where a listing page repeats it 24 times: what its image and add button carry.

const card: CardModel = {
  key: "3:KC-D03-CHR-4LB",
  sku: "KC-D03-CHR-4LB",
  href: "/products/kindred-crest/everyday-adult/chicken-rice/4-lb-bag?sku=KC-D03-CHR-4LB",
  title: "Everyday Adult Dry Dog Food",
  brand: "Kindred Crest",
  description: "Crunchy kibble made with…",
  imageSource: "packshots/bag_kindred-crest_chicken-rice_dog.webp",
  variantId: "12",
  variantLabel: "Chicken & Rice, 4 lb Bag",
  inStock: true,
  priceCents: 1399,
};

function render(element: React.ReactElement): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => element }]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />);
}

const imgOf = (html: string) => /<img [^>]*>/.exec(html)![0];

describe("a product card's image", () => {
  it("in the listing grid: densities 1 and 2, no sizes; an eager image says nothing of its loading", () => {
    const img = imgOf(render(<ProductCard card={card} grid eager addToCart />));
    expect(img).toContain('src="/_img/p/bag_kindred-crest_chicken-rice_dog?w=320"');
    // Both candidates: the page's preload of an eager image has its srcset only.
    expect(img).toContain('srcSet="/_img/p/bag_kindred-crest_chicken-rice_dog?w=320 1x, /_img/p/bag_kindred-crest_chicken-rice_dog?w=640 2x"');
    expect(img).not.toContain("sizes=");
    expect(img).not.toContain("loading=");
    expect(img).not.toContain("decoding=");
    // No layout shift, and what it shows.
    expect(img).toContain('width="320" height="320"');
    expect(img).toContain('alt="Everyday Adult Dry Dog Food, Chicken &amp; Rice, 4 lb Bag"');
  });

  it("in the grid below its first row: lazy, its 1x candidate the src alone", () => {
    const img = imgOf(render(<ProductCard card={card} grid addToCart />));
    expect(img).toContain('loading="lazy"');
    expect(img).toContain('srcSet="/_img/p/bag_kindred-crest_chicken-rice_dog?w=640 2x"');
  });

  it("elsewhere (carousels): by widths for the layout's sizes, as before", () => {
    const img = imgOf(render(<ProductCard card={card} />));
    expect(img).toContain("?w=320 320w, ");
    expect(img).toContain("?w=768 768w");
    expect(img).toContain("sizes=");
  });
});

describe("a card's add button", () => {
  it("is named by its own label and the card's title, by reference, and submits the form it is in", () => {
    const html = render(<ProductCard card={card} grid addToCart />);
    const button = /<button [^>]*>[^<]*<\/button>/.exec(html)![0];
    expect(button).toContain('aria-labelledby="a12 t12"');
    expect(button).toContain('id="a12"');
    expect(button).toContain(">Add to Cart</button>");
    expect(button).not.toContain("aria-label=");
    // A submit button (the default type) of the one form around the cards.
    expect(button).not.toContain("form=");
    expect(button).not.toContain("type=");
    // The title link the name refers to.
    expect(html).toMatch(/<a [^>]*id="t12"[^>]*>Everyday Adult Dry Dog Food<\/a>/);
  });

  it("a card without one carries no ids", () => {
    const html = render(<ProductCard card={card} />);
    expect(html).not.toContain("<button");
    expect(html).not.toMatch(/ id="/);
  });
});

describe("a card's link", () => {
  const linkOf = (html: string) => /<a [^>]*>/.exec(html)![0];

  it("names the card's SKU in its address, the only place a card carries it", () => {
    const html = render(<ProductCard card={card} grid addToCart />);
    expect(linkOf(html)).toContain('href="/products/kindred-crest/everyday-adult/chicken-rice/4-lb-bag?sku=KC-D03-CHR-4LB"');
    expect(html).not.toContain("data-sku");
  });

  it("in the grid: left out of route discovery (24 product paths overran the manifest request); elsewhere discovered", () => {
    expect(linkOf(render(<ProductCard card={card} grid addToCart />))).not.toContain("data-discover");
    expect(linkOf(render(<ProductCard card={card} />))).toContain('data-discover="true"');
  });
});
