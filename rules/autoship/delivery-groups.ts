import { MAX_ITEMS_PER_ORDER } from "../cart/quantity-limits";

// One box per day: a customer's Autoships due on the same day that ship the same way — same site,
// same address (every field), same shipping method and same saved card — renew as one order and one
// shipment. What cannot share a box ships alone:
// - an Autoship carrying a save offer's one-time discount (a code discounts the whole order, and it
//   belongs to that one subscription);
// - a second Autoship of the same item (a cart holds an item once, and each subscription keeps its
//   own line: its price guard, its substitute);
// - what would take the box over the delivery's limit of items (SPEC §5), its one-time items counted.
// Groups are formed in subscription id order, so the same rows always give the same groups.

export type DeliveryCandidate = {
  id: string;
  customerId: string;
  site: string;
  nextOrderDate: string;
  shippingAddress: Readonly<Record<string, unknown>>;
  shippingMethod: string;
  paymentMethodId: string | null;
  saveDiscountCode: string | null;
  variantId: number;
  quantity: number;
  /** Items the customer added to this delivery once (rules/autoship/one-time-items.ts). */
  oneTimeQuantity: number;
};

/** What a box is shared by; null: this Autoship ships on its own. */
export function deliveryKey(c: DeliveryCandidate): string | null {
  if (c.saveDiscountCode || !c.paymentMethodId) return null;
  const address = Object.keys(c.shippingAddress)
    .sort()
    .map((k) => [
      k,
      String(c.shippingAddress[k] ?? "")
        .trim()
        .toLowerCase(),
    ]);
  return JSON.stringify([c.customerId, c.site, c.nextOrderDate, c.shippingMethod, c.paymentMethodId, address]);
}

const itemsOf = (c: DeliveryCandidate) => c.quantity + c.oneTimeQuantity;

/** The boxes these due Autoships make: each group is one order, its members in id order. */
export function deliveryGroups<C extends DeliveryCandidate>(candidates: readonly C[]): C[][] {
  const groups: { key: string | null; members: C[] }[] = [];
  for (const c of [...candidates].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    const key = deliveryKey(c);
    const box =
      key === null
        ? undefined
        : groups.find(
            (g) =>
              g.key === key &&
              !g.members.some((m) => m.variantId === c.variantId) &&
              g.members.reduce((n, m) => n + itemsOf(m), 0) + itemsOf(c) <= MAX_ITEMS_PER_ORDER,
          );
    if (box) box.members.push(c);
    else groups.push({ key, members: [c] });
  }
  return groups.map((g) => g.members);
}
