// The cart attributes set at checkout (SPEC §3 "Cart attributes at checkout", §4 Checkout, §9 sales org
// and order types).

import type { StaffDelivery } from "../staff/delivery";

export type CartAttribute = { key: string; value: string };
export type SgOrderType = "oneTimeOrder" | "firstPurchaseSubscription";

export const SALES_ORG = "USHD";

/**
 * The cart attributes only the checkout sets (SPEC §3 "Cart attributes at checkout", plus the
 * renewal marker of rules/autoship/renewal-schedule.ts): the cart API refuses them from clients, and
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

/** The staff checkout's attestation (SPEC §3 is_attestation_checked): required before payment. */
export const ATTESTATION_LABEL = "I confirm this food is for pets that live in my household and will not be resold";
export const ATTESTATION_REQUIRED_MESSAGE = "Confirm that this food is for pets that live in your household and will not be resold.";

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
  staff?: StaffDelivery | null;
};

export function checkoutAttributes(p: CheckoutAttributeInput): CartAttribute[] {
  const attrs: CartAttribute[] = [
    { key: "SALES_ORG", value: SALES_ORG },
    { key: "SALES_ORD_TYPE", value: p.site === "hpsf" ? ORDER_TYPE_STAFF : ORDER_TYPE_SHOP },
    { key: "sgOrderType", value: sgOrderType(p.lines) },
    { key: "accepts_email_marketing", value: String(p.acceptsEmailMarketing) },
    { key: "is_attestation_checked", value: String(p.isAttestationChecked) },
  ];
  if (p.site === "hpsf" && p.staff) {
    const loc = p.staff.location;
    attrs.push(
      { key: "SOLD_TO", value: p.staff.soldTo },
      { key: "SHIP_TO", value: p.staff.shipTo },
      { key: "shipping_location", value: loc },
      { key: "ship_to_work_address", value: String(loc === "ship_to_work") },
      { key: "ship_to_home_address", value: String(loc === "ship_to_home") },
      { key: "is_clinic_address", value: String(loc === "ship_to_work") },
    );
  }
  if (p.donationTrackingId) attrs.push({ key: "donation_tracking_id", value: p.donationTrackingId });
  return attrs;
}

/** The value of an attribute of an order or cart, or null. */
export const attributeValue = (attributes: readonly CartAttribute[], key: string): string | null => attributes.find((a) => a.key === key)?.value ?? null;

/**
 * The customer metafields a staff checkout sets from the server's records (SPEC §3: custom.ship_to,
 * custom.sold_to, custom.clinic_zip): never a client's to write.
 */
export const SERVER_OWNED_METAFIELDS: readonly { namespace: string; key: string }[] = [
  { namespace: "custom", key: "ship_to" },
  { namespace: "custom", key: "sold_to" },
  { namespace: "custom", key: "clinic_zip" },
];
export const isServerOwnedMetafield = (namespace: string, key: string) =>
  SERVER_OWNED_METAFIELDS.some((m) => m.namespace === namespace.trim().toLowerCase() && m.key === key.trim().toLowerCase());

/** What a staff order shows its buyer (order page, confirmation page and mail): null for a shop order. */
export function staffOrderDetails(
  attributes: readonly CartAttribute[],
): { orderType: string; soldTo: string; shipTo: string; delivery: "Clinic" | "Home" } | null {
  if (attributeValue(attributes, "SALES_ORD_TYPE") !== ORDER_TYPE_STAFF) return null;
  return {
    orderType: ORDER_TYPE_STAFF,
    soldTo: attributeValue(attributes, "SOLD_TO") ?? "",
    shipTo: attributeValue(attributes, "SHIP_TO") ?? "",
    delivery: attributeValue(attributes, "shipping_location") === "ship_to_work" ? "Clinic" : "Home",
  };
}
