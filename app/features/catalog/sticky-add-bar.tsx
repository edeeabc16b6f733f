import { useEffect, useState } from "react";
import { formatUsd } from "../../../rules/shared/money";

/**
 * On a phone, once the product form's Add to Cart has scrolled up out of sight: a bar at the bottom
 * with the price, the size, the quantity chosen and an Add to Cart that posts that same form (so the
 * add, its checks and its modal are the form's own). Not over the footer, nor while the consent
 * banner is open (shell.css); its code comes after the page's (product-page.tsx).
 */
export function StickyAddBar({
  formId,
  watchedId,
  priceCents,
  size,
  quantity,
  inStock,
}: {
  formId: string;
  /** The form's own Add to Cart row: the bar shows once it is above the window. */
  watchedId: string;
  priceCents: number;
  size: string;
  quantity: string;
  inStock: boolean;
}) {
  const [scrolledPast, setScrolledPast] = useState(false);
  const [overFooter, setOverFooter] = useState(false);
  useEffect(() => {
    const watched = document.getElementById(watchedId);
    const footer = document.querySelector("footer");
    if (!watched) return;
    // An observer reports a change of state only. A jump (the End key, a link to the reviews, a
    // fling) takes the row from below the window to above it without ever being in it, so the row
    // is watched against the window stretched far downwards: "not in it" is "above the window".
    const above = new IntersectionObserver((entries) => setScrolledPast(!entries.at(-1)!.isIntersecting), { rootMargin: "0px 0px 1000000px 0px" });
    const inFooter = new IntersectionObserver((entries) => setOverFooter(entries.at(-1)!.isIntersecting));
    above.observe(watched);
    if (footer) inFooter.observe(footer);
    return () => {
      above.disconnect();
      inFooter.disconnect();
    };
  }, [watchedId]);

  if (!scrolledPast || overFooter) return null;
  return (
    <aside className="sticky-add" aria-label="Add to cart" data-testid="sticky-add-bar">
      <p>
        <strong>{formatUsd(priceCents)}</strong>
        <span>{size}</span>
        <span>Qty {quantity}</span>
      </p>
      <button type="submit" form={formId} disabled={!inStock}>
        {inStock ? "Add to Cart" : "Out of stock"}
      </button>
    </aside>
  );
}
