/** The fields of an order's postal address, as the API sends them. */
export interface PostalAddressFields {
  name: string;
  line1: string;
  line2: string | null;
  postal_code: string;
  city: string;
  country: string;
  phone?: string | null;
}

/**
 * A postal address as a letter shows it, a line per part. The phone is for the
 * shop's own use (the carrier may call), so only a page that asks shows it.
 */
export function PostalAddress({
  address,
  showPhone = false,
}: {
  address: PostalAddressFields;
  showPhone?: boolean;
}) {
  return (
    <address>
      {address.name}
      <br />
      {address.line1}
      <br />
      {address.line2 && (
        <>
          {address.line2}
          <br />
        </>
      )}
      {address.postal_code} {address.city}
      <br />
      {address.country}
      {showPhone && address.phone && (
        <>
          <br />
          Phone {address.phone}
        </>
      )}
    </address>
  );
}
