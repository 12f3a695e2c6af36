import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, FileButton } from '../../../components/ui/Button';
import { Notice } from '../../../components/ui/Feedback';
import type { AdminItem } from '../../../lib/admin-api';
import { usePhotos } from '../api';
import styles from './AdminItems.module.css';

const ACCEPT = 'image/jpeg,image/png,image/webp';

/** Photos of the item: add, remove, replace, restore the original, and reorder (drag or buttons). */
export function Photos({ item }: { item: AdminItem }) {
  const { t } = useTranslation('adminItems');
  const photos = usePhotos(item.id);
  const [dragged, setDragged] = useState<number | null>(null);
  const ids = item.images.map((image) => image.id);
  const error =
    photos.add.error ??
    photos.remove.error ??
    photos.replace.error ??
    photos.reorder.error ??
    photos.restore.error;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length || from === to) return;
    const next = [...ids];
    const [id] = next.splice(from, 1);
    next.splice(to, 0, id!);
    photos.reorder.mutate(next);
  };

  return (
    <section aria-labelledby="photos-heading" className={styles.card}>
      <h2 id="photos-heading">{t('photos.title')}</h2>
      {error && (
        <Notice tone="error" role="alert">
          {error.message}
        </Notice>
      )}
      {item.images.length === 0 ? (
        <p>{t('photos.none')}</p>
      ) : (
        <ol className={styles.photos} aria-label={t('photos.inOrder')}>
          {item.images.map((image, index) => (
            <li
              key={image.id}
              className={styles.photo}
              draggable
              onDragStart={() => setDragged(index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={() => {
                if (dragged !== null) move(dragged, index);
                setDragged(null);
              }}
            >
              <img
                src={image.variants[0]?.url ?? image.url}
                alt={t('photos.alt', { title: item.title, position: index + 1 })}
                width={image.width}
                height={image.height}
                loading="lazy"
              />
              <div className={styles.photoActions}>
                <Button
                  variant="quiet"
                  aria-label={t('photos.moveEarlier', { position: index + 1 })}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  {t('photos.earlier')}
                </Button>
                <Button
                  variant="quiet"
                  aria-label={t('photos.moveLater', { position: index + 1 })}
                  disabled={index === ids.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  {t('photos.later')}
                </Button>
                <FileButton
                  variant="quiet"
                  accept={ACCEPT}
                  onChange={(event) => {
                    const file = event.currentTarget.files?.[0];
                    if (file) photos.replace.mutate({ imageId: image.id, file });
                    event.currentTarget.value = '';
                  }}
                >
                  {t('photos.replace')}
                  <span className="visually-hidden">
                    {' '}
                    {t('photos.replaceWhich', { position: index + 1 })}
                  </span>
                </FileButton>
                {image.has_original && (
                  <Button variant="quiet" onClick={() => photos.restore.mutate(image.id)}>
                    {t('photos.restore', { position: index + 1 })}
                  </Button>
                )}
                <Button
                  variant="danger"
                  aria-label={t('photos.removeLabel', { position: index + 1 })}
                  onClick={() => photos.remove.mutate(image.id)}
                >
                  {t('photos.remove')}
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <div>
        <FileButton
          accept={ACCEPT}
          multiple
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            if (files.length) photos.add.mutate(files);
            event.currentTarget.value = '';
          }}
        >
          {t('photos.add')}
        </FileButton>
        <p className={styles.muted}>{t('photos.hint')}</p>
      </div>
      {photos.add.isPending && <p role="status">{t('photos.uploading')}</p>}
    </section>
  );
}
