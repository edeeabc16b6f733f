// Where a staff member's order goes (SPEC §4 Checkout, customer load): the preferred address and
// its clinic default, the shipping location it gives, and the delivery the server decides from its
// own records. The checkout writes it into the order's attributes (rules/checkout/order-attributes.ts).

export type ShippingLocation = "ship_to_home" | "ship_to_work";

export type PreferredAddress = "home" | "clinic";
export const PREFERRED_ADDRESS_NAMESPACE = "profeeding";
export const PREFERRED_ADDRESS_KEY = "preferred_address";

/**
 * SPEC §4 customer load: a staff member's preferred address (the profeeding.preferred_address
 * metafield) defaults to clinic; a home-delivery-only clinic, or no clinic at all, means home.
 */
export function preferredAddressOf(stored: string | null | undefined, clinic: { homeDeliveryOnly: boolean } | null): PreferredAddress {
  if (!clinic || clinic.homeDeliveryOnly) return "home";
  return stored === "home" ? "home" : "clinic";
}

/** SPEC §4: home-delivery-only clinic → home; clinic preferred → work; otherwise home. */
export function shippingLocation(p: { clinicHomeDeliveryOnly: boolean; preferredAddress: PreferredAddress | null }): ShippingLocation {
  if (p.clinicHomeDeliveryOnly) return "ship_to_home";
  return p.preferredAddress === "clinic" ? "ship_to_work" : "ship_to_home";
}

/**
 * A staff order's delivery as the server decided it from its own records: the member's sold-to, the
 * ship-to (the clinic's for clinic delivery, the customer's address id for home) and the location.
 */
export type StaffDelivery = { soldTo: string; shipTo: string; location: ShippingLocation };
