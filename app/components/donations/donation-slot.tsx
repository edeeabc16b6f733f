import { useEffect, useState, type ComponentType } from "react";
import type { DonationRequest } from "../../../rules/donations/widget";
import type { CartView } from "../cart/cart-types";
import { usePublicConfig } from "../../lib/use-public-config";

// Where a storefront page hosts the donation widget (SPEC §4). The widget's code is fetched with a
// dynamic import after hydration (it waits for the store configuration anyway), so the page's
// first-load JavaScript carries only this slot. The slot keeps the widget's height from the first
// paint, so nothing moves when the widget appears or stays hidden. No slot on the staff site
// (its public configuration names no donation store).

/** A page's request; the cart's lines are read from the cart by the widget's own (lazily loaded) code. */
export type SlotRequest = Exclude<DonationRequest, { place: "cart" }> | { place: "cart"; cart: CartView };
type WidgetProps = { storeId: string; request: SlotRequest };

export function DonationSlot({ request, className = "" }: { request: SlotRequest; className?: string }) {
  const { donationStoreId } = usePublicConfig();
  const [Widget, setWidget] = useState<ComponentType<WidgetProps> | null>(null);
  useEffect(() => {
    if (!donationStoreId) return;
    let live = true;
    import("../../features/donations/donation-widget").then(
      (m) => live && setWidget(() => m.DonationWidget),
      // Without its code the widget is simply not there; the page is unaffected.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [donationStoreId]);
  if (!donationStoreId) return null;
  return (
    // The confirmation shows nothing of its own (the order's donation lines are the server's).
    <div data-donation-widget={request.place} className={request.place === "confirmation" ? "hidden" : `h-24 ${className}`}>
      {Widget && <Widget storeId={donationStoreId} request={request} />}
    </div>
  );
}
