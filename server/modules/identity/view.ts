import { US_STATES } from "../../../rules/shared/us-states";
import type { customerAddresses, customerMetafields, customers } from "./schema";

// The customer as the API and the account pages see it (SPEC §3 customer profile).

export type AddressRow = typeof customerAddresses.$inferSelect;
export type MetafieldRow = typeof customerMetafields.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;

export type AddressView = {
  id: string;
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  provinceCode: string;
  province: string;
  zip: string;
  countryCode: string;
  country: string;
  phone: string | null;
  isDefault: boolean;
};

export type MetafieldView = { id: string; namespace: string; key: string; type: string; value: string };
type MetafieldRef = { id: string; value: string } | null;

export type CustomerView = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  acceptsMarketing: boolean;
  addresses: AddressView[];
  defaultAddress: AddressView | null;
  metafields: MetafieldView[];
  persistedCartMetafield: MetafieldRef;
  preferredAddress: MetafieldRef;
  soldTo: MetafieldRef;
  shipToZip: MetafieldRef;
  clinicZip: MetafieldRef;
};

export const PERSISTED_CART = { namespace: "profeeding", key: "persisted_cart_id" } as const;

export function addressView(a: AddressRow, defaultId: string | null): AddressView {
  return {
    id: a.id,
    firstName: a.firstName,
    lastName: a.lastName,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    provinceCode: a.provinceCode,
    province: US_STATES.find((s) => s.code === a.provinceCode)?.name ?? a.provinceCode,
    zip: a.zip,
    countryCode: a.countryCode,
    country: a.countryCode === "US" ? "United States" : a.countryCode,
    phone: a.phone,
    isDefault: a.id === defaultId,
  };
}

export function toCustomerView(c: CustomerRow, addresses: AddressRow[], metafields: MetafieldRow[]): CustomerView {
  const views = addresses.map((a) => addressView(a, c.defaultAddressId));
  const ref = (namespace: string, key: string): MetafieldRef => {
    const m = metafields.find((f) => f.namespace === namespace && f.key === key);
    return m ? { id: m.id, value: m.value } : null;
  };
  return {
    id: c.id,
    email: c.email,
    firstName: c.firstName,
    lastName: c.lastName,
    phone: c.phone,
    acceptsMarketing: c.acceptsMarketing,
    addresses: views,
    defaultAddress: views.find((a) => a.isDefault) ?? null,
    metafields: metafields.map((m) => ({ id: m.id, namespace: m.namespace, key: m.key, type: m.type, value: m.value })),
    persistedCartMetafield: ref(PERSISTED_CART.namespace, PERSISTED_CART.key),
    preferredAddress: ref("profeeding", "preferred_address"),
    soldTo: ref("custom", "sold_to"),
    shipToZip: ref("custom", "ship_to"),
    clinicZip: ref("custom", "clinic_zip"),
  };
}
