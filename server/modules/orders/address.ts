// The postal address an order, a checkout and a subscription ship to (SPEC §3 Order).

export type OrderAddress = {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  provinceCode: string;
  zip: string;
  countryCode: string;
  phone: string | null;
};

/** Just the postal fields of any address record (a saved address, a form's input) — no ids or extras. */
export function orderAddressOf(a: OrderAddress): OrderAddress {
  const { firstName, lastName, address1, address2, city, provinceCode, zip, countryCode, phone } = a;
  return { firstName, lastName, address1, address2, city, provinceCode, zip, countryCode, phone };
}
