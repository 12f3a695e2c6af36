import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemImage } from '../../../components/ui/ItemImage';
import type { Item } from '../../../lib/api-client';
import styles from './Item.module.css';

export function Gallery({ item }: { item: Item }) {
  const { t } = useTranslation('storefront');
  const [shown, setShown] = useState(0);
  const image = item.images[shown] ?? item.images[0];
  if (!image) return <div className={styles.stage} aria-label={t('card.noPhoto')} role="img" />;
  return (
    <div>
      <div className={styles.stage}>
        <ItemImage
          image={image}
          alt={t('gallery.photoOf', {
            title: item.title,
            n: shown + 1,
            count: item.images.length,
          })}
          sizes="(min-width: 52rem) 60vw, 100vw"
          eager
        />
      </div>
      {item.images.length > 1 && (
        <ul className={styles.thumbs} aria-label={t('gallery.photos')}>
          {item.images.map((photo, index) => (
            <li key={photo.id}>
              <button
                type="button"
                aria-current={index === shown ? 'true' : undefined}
                aria-label={t('gallery.show', { n: index + 1 })}
                onClick={() => setShown(index)}
              >
                <ItemImage image={photo} alt="" sizes="72px" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
