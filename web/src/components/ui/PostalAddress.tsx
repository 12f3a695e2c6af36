import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { postalLines } from '../address/postal-lines';

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
 * A postal address as a letter to its country shows it, a line per part (a UK address:
 * town, then postcode). The phone is for the shop's own use (the carrier may call), so
 * only a page that asks shows it.
 */
export function PostalAddress({
  address,
  showPhone = false,
}: {
  address: PostalAddressFields;
  showPhone?: boolean;
}) {
  const { t } = useTranslation();
  const lines = postalLines(address);
  return (
    <address>
      {lines.map((line, index) => (
        // The same text may stand on two lines (a town named like its region).
        // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place
        <Fragment key={index}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
      {showPhone && address.phone && (
        <>
          <br />
          {t('address.phoneLine', { phone: address.phone })}
        </>
      )}
    </address>
  );
}
