// The cart attributes set at checkout (SPEC §3 "Cart attributes at checkout", §4 Checkout, §9 sales org
// and order types).

export type CartAttribute = { key: string; value: string };
export type ShippingLocation = "ship_to_home" | "ship_to_work";
export type SgOrderType = "oneTimeOrder" | "firstPurchaseSubscription";

export const SALES_ORG = "USHD";

/**
 * The cart attributes only the checkout sets (SPEC §3 "Cart attributes at checkout", plus the
 * renewal marker of rules/autoship-renewal.ts): the cart API refuses them from clients, and
 * place-order replaces whatever the cart holds under these keys with its own values.
 */
export const CHECKOUT_OWNED_ATTRIBUTE_KEYS: readonly string[] = [
  "SALES_ORG",
  "SALES_ORD_TYPE",
  "SOLD_TO",
  "SHIP_TO",
  "ship_to_work_address",
  "ship_to_home_address",
  "is_clinic_address",
  "shipping_location",
  "is_attestation_checked",
  "donation_tracking_id",
  "sgOrderType",
  "accepts_email_marketing",
  "renewal_of_subscription",
];

export const isCheckoutOwnedAttribute = (key: string) => CHECKOUT_OWNED_ATTRIBUTE_KEYS.some((k) => k.toLowerCase() === key.trim().toLowerCase());

/** The cart's own attributes with every checkout-owned key taken out. */
export const withoutCheckoutAttributes = <A extends CartAttribute>(attributes: readonly A[]): A[] => attributes.filter((a) => !isCheckoutOwnedAttribute(a.key));
export const ORDER_TYPE_SHOP = "ZDTC";
export const ORDER_TYPE_STAFF = "ZK01";

/** SPEC §4: home-delivery-only clinic → home; clinic preferred → work; otherwise home. */
export function shippingLocation(p: { clinicHomeDeliveryOnly: boolean; preferredAddress: "home" | "clinic" | null }): ShippingLocation {
  if (p.clinicHomeDeliveryOnly) return "ship_to_home";
  return p.preferredAddress === "clinic" ? "ship_to_work" : "ship_to_home";
}

export function sgOrderType(lines: readonly { sellingPlanId: string | null }[]): SgOrderType {
  return lines.some((l) => l.sellingPlanId !== null) ? "firstPurchaseSubscription" : "oneTimeOrder";
}

export type CheckoutAttributeInput = {
  site: "d2c" | "hpsf";
  lines: readonly { sellingPlanId: string | null }[];
  acceptsEmailMarketing: boolean;
  isAttestationChecked: boolean;
  donationTrackingId?: string | null;
  /** Staff site only. */
  clinic?: { soldTo: string | null; shipTo: string | null; homeDeliveryOnly: boolean; preferredAddress: "home" | "clinic" | null } | null;
};

export function checkoutAttributes(p: CheckoutAttributeInput): CartAttribute[] {
  const attrs: CartAttribute[] = [
    { key: "SALES_ORG", value: SALES_ORG },
    { key: "SALES_ORD_TYPE", value: p.site === "hpsf" ? ORDER_TYPE_STAFF : ORDER_TYPE_SHOP },
    { key: "sgOrderType", value: sgOrderType(p.lines) },
    { key: "accepts_email_marketing", value: String(p.acceptsEmailMarketing) },
    { key: "is_attestation_checked", value: String(p.isAttestationChecked) },
  ];
  if (p.site === "hpsf" && p.clinic) {
    const loc = shippingLocation({ clinicHomeDeliveryOnly: p.clinic.homeDeliveryOnly, preferredAddress: p.clinic.preferredAddress });
    attrs.push(
      { key: "SOLD_TO", value: p.clinic.soldTo ?? "" },
      { key: "SHIP_TO", value: p.clinic.shipTo ?? "" },
      { key: "shipping_location", value: loc },
      { key: "ship_to_work_address", value: String(loc === "ship_to_work") },
      { key: "ship_to_home_address", value: String(loc === "ship_to_home") },
      { key: "is_clinic_address", value: String(loc === "ship_to_work") },
    );
  }
  if (p.donationTrackingId) attrs.push({ key: "donation_tracking_id", value: p.donationTrackingId });
  return attrs;
}
