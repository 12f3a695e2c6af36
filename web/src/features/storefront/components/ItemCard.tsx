import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/ui/Feedback';
import { ItemImage } from '../../../components/ui/ItemImage';
import { Price } from '../../../components/ui/Price';
import type { Item } from '../../../lib/api-client';
import styles from './Storefront.module.css';

// Two columns on phones, three from 40rem, beside a 16rem panel from 60rem.
const CARD_SIZES = '(min-width: 60rem) 18rem, (min-width: 40rem) 33vw, 50vw';

export function ItemCard({ item, eager }: { item: Item; eager: boolean }) {
  const { t } = useTranslation('storefront');
  const photo = item.images[0];
  return (
    <li className={styles.card}>
      <div className={styles.thumb}>
        {photo ? (
          <ItemImage image={photo} alt="" sizes={CARD_SIZES} eager={eager} />
        ) : (
          <div className={styles.noPhoto}>{t('card.noPhoto')}</div>
        )}
        {item.status !== 'available' && (
          <span className={styles.badge}>
            <StatusBadge status={item.status} />
          </span>
        )}
      </div>
      <h2 className={styles.cardTitle}>
        <Link to={`/items/${item.id}`}>{item.title}</Link>
      </h2>
      <Price
        cents={item.price_cents}
        className={`${styles.cardPrice} ${item.status === 'sold' ? styles.soldPrice : ''}`}
      />
    </li>
  );
}
