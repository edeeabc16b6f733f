// A postal address as the checkout's steps and the order's receipt (order-receipt.tsx) show it: a
// file of its own, so the checkout page does not load the receipt with it.

export type Address = { firstName?: string; lastName?: string; address1: string; address2?: string; city: string; provinceCode: string; zip: string };

export function OrderAddress({ address }: { address: Address | null }) {
  if (!address) return <p>—</p>;
  return (
    <address className="not-italic">
      {[address.firstName, address.lastName].filter(Boolean).join(" ")}
      {(address.firstName || address.lastName) && <br />}
      {address.address1}
      {address.address2 && (
        <>
          <br />
          {address.address2}
        </>
      )}
      <br />
      {address.city}, {address.provinceCode} {address.zip}
    </address>
  );
}
