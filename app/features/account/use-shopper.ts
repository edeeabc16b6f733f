import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { ShopperHeader } from "../../../server/read-models/shopper-header";

export type { ShopperHeader };

/**
 * Asked once per page load, however many parts of the page want it. A page the cache shows to every
 * shopper carries no shopper (the root loader's `shopper` is null there): the header learns who is
 * signed in and the cart's count from this small private call after the page.
 */
let asked: Promise<ShopperHeader | null> | null = null;
const askShopper = () =>
  (asked ??= fetch("/api/shopper", { credentials: "same-origin", headers: { accept: "application/json" } })
    .then((r) => (r.ok ? (r.json() as Promise<ShopperHeader>) : null))
    .catch(() => null));

/**
 * The shopper the header shows: the root loader's when it read one (a personal screen, or any page
 * again after an action such as an add to cart), else the private call's; null until known (the
 * header then shows what works for anyone: "Log In", no count).
 */
export function useShopper(): ShopperHeader | null {
  const fromRoot = (useRouteLoaderData("root") as { shopper?: ShopperHeader | null } | undefined)?.shopper ?? null;
  const [late, setLate] = useState<ShopperHeader | null>(null);
  useEffect(() => {
    if (fromRoot) return;
    let current = true;
    void askShopper().then((shopper) => current && setLate(shopper));
    return () => {
      current = false;
    };
  }, [fromRoot]);
  return fromRoot ?? late;
}
