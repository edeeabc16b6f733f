// SPEC §5: a clinic address counts as already saved only if address1, address2, city, province code
// and zip all match one saved address; otherwise a new address is created. The comparison forgives
// case and surrounding or repeated spaces, nothing else.

export type AddressKey = { address1: string; address2?: string | null; city: string; provinceCode: string; zip: string };

const norm = (v: string | null | undefined) => (v ?? "").trim().replace(/\s+/g, " ").toLowerCase();

export function sameAddress(a: AddressKey, b: AddressKey): boolean {
  return (
    norm(a.address1) === norm(b.address1) &&
    norm(a.address2) === norm(b.address2) &&
    norm(a.city) === norm(b.city) &&
    norm(a.provinceCode) === norm(b.provinceCode) &&
    norm(a.zip) === norm(b.zip)
  );
}

/** The saved address the clinic address matches, or null when a new one must be created. */
export function matchSavedAddress<T extends AddressKey>(clinic: AddressKey, saved: readonly T[]): T | null {
  return saved.find((s) => sameAddress(clinic, s)) ?? null;
}
