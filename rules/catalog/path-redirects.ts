// Global route rules of SPEC §2 that are decided from the path alone.

const PRODUCTS_BASE = "/products";

/**
 * "A path containing /products/products is redirected to the same path with the doubled segment
 * replaced by the shared products base path." Returns the target, or null when no redirect applies.
 */
export function collapseDoubledProducts(pathname: string): string | null {
  if (!/\/products\/products(\/|$)/.test(pathname)) return null;
  let out = pathname;
  while (/\/products\/products(\/|$)/.test(out)) out = out.replace(/\/products\/products(?=\/|$)/, PRODUCTS_BASE);
  return out;
}

/** SPEC §2 declares /products/cart and /products/logout without a screen of their own. */
export function placeholderTarget(pathname: string): string | null {
  const p = pathname.replace(/\/+$/, "");
  if (p === "/products/cart") return "/cart";
  if (p === "/products/logout") return "/logout";
  return null;
}
