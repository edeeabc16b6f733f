import { mountReviews } from "./widget";

// The review widget's entry (served at /reviews/widget.js, or REVIEWS_SCRIPT_URL). The product page
// registers it with the consent registry (category functional), so it runs only once the shopper
// allows functional cookies. It mounts into every element with data-reviews-product-id, now and
// whenever the page adds one (the storefront navigates without reloading). The registry adds the
// script again after a decline and a new consent: the second run only looks for new mount points.

declare global {
  interface Window {
    kibbleReviews?: { scan(): void };
  }
}

const SELECTOR = "[data-reviews-product-id]:not([data-reviews-mounted])";

function scan() {
  for (const el of document.querySelectorAll<HTMLElement>(SELECTOR)) mountReviews(el);
}

if (window.kibbleReviews) window.kibbleReviews.scan();
else {
  window.kibbleReviews = { scan };
  scan();
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      scan();
    });
  }).observe(document.body, { childList: true, subtree: true });
}
