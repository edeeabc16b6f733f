import { expect, shopUrl, test } from "./fixtures";

// React Router learns the routes of a page's links after hydration ("lazy route discovery"): one
// request, /__manifest?paths=…, for the paths of the links it is told about (data-discover), which it
// does not send at all when its address would be longer than 7,680 characters. A listing page's 24
// product cards are left out of it (app/components/catalog/product-card.tsx): their paths alone made
// the request too long, so no link of the page was discovered.

const URL_LIMIT = 7680;

test("a listing page's links are discovered after hydration, and a card opens its product in the page", async ({ page }) => {
  const manifests: string[] = [];
  const documents: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/__manifest") manifests.push(request.url());
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await page.goto(shopUrl("/products"));

  // The discovery request, once hydrated: the header's category links, not the cards.
  await expect.poll(() => manifests.length).toBeGreaterThan(0);
  expect(manifests[0]!.length).toBeLessThanOrEqual(URL_LIMIT);
  const paths = new URL(manifests[0]!).searchParams.get("paths")!.split(",");
  expect(paths).toContain("/products/dog/species");
  expect(paths).toContain("/cart");
  const cardLinks = page.getByRole("article").getByRole("heading").getByRole("link");
  await expect(cardLinks).toHaveCount(24);
  const cardPath = (href: string) => new URL(href, shopUrl("/")).pathname;
  for (const href of await cardLinks.evaluateAll((links) => links.map((a) => a.getAttribute("href")!))) {
    expect(paths).not.toContain(cardPath(href));
  }

  // A card further down opens its product page without loading a new document.
  const link = cardLinks.nth(9);
  const href = (await link.getAttribute("href"))!;
  documents.length = 0;
  await link.click();
  await expect(page).toHaveURL(shopUrl(href));
  await expect(page.getByTestId("product-page")).toBeVisible();
  expect(documents).toEqual([]);
});
