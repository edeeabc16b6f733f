/** A postal address as the account pages and the subscription cards print it. */
export function AddressLines({
  address,
}: {
  address: { firstName: string; lastName: string; address1: string; address2: string; city: string; provinceCode: string; zip: string; phone: string | null };
}) {
  const name = `${address.firstName} ${address.lastName}`.trim();
  return (
    <address className="not-italic leading-relaxed">
      {name ? (
        <>
          {name}
          <br />
        </>
      ) : null}
      {address.address1}
      {address.address2 ? (
        <>
          <br />
          {address.address2}
        </>
      ) : null}
      <br />
      {address.city}, {address.provinceCode} {address.zip}
      {address.phone ? (
        <>
          <br />
          {address.phone}
        </>
      ) : null}
    </address>
  );
}
