import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Notice } from '../../../components/ui/Feedback';
import type { AdminItem } from '../../../lib/admin-api';
import { type Lifecycle, useDeleteItem, useLifecycle } from '../api';

type Asking = 'publish' | 'delete' | 'mark-sold' | null;

/**
 * The lifecycle buttons exactly as spec 3 has them: Publish for pending;
 * Unpublish hidden for reserved and sold; Mark sold but not twice; Release hold
 * for reserved; Delete for pending and available. A refusal shows the server's reason.
 */
export function LifecycleButtons({ item }: { item: AdminItem }) {
  const { t } = useTranslation('adminItems');
  const lifecycle = useLifecycle();
  const remove = useDeleteItem();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<Asking>(null);
  const [warned, setWarned] = useState<AdminItem['publish_warnings']>([]);

  const run = (action: Lifecycle) =>
    lifecycle.mutate(
      { id: item.id, action },
      {
        onSuccess: (answer) => {
          if ('warnings' in answer) setWarned(answer.warnings as AdminItem['publish_warnings']);
        },
      },
    );
  const error = lifecycle.error ?? remove.error;

  return (
    <section aria-labelledby="lifecycle-heading">
      <h2 id="lifecycle-heading">{t('lifecycle.title')}</h2>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
        {item.status === 'pending' && (
          <Button
            onClick={() => (item.publish_warnings.length ? setAsking('publish') : run('publish'))}
          >
            {t('lifecycle.publish')}
          </Button>
        )}
        {item.status === 'available' && (
          <Button variant="secondary" onClick={() => run('unpublish')}>
            {t('lifecycle.unpublish')}
          </Button>
        )}
        {item.status === 'reserved' && (
          <Button variant="secondary" onClick={() => run('release')}>
            {t('lifecycle.release')}
          </Button>
        )}
        {item.status !== 'sold' && (
          <Button variant="secondary" onClick={() => setAsking('mark-sold')}>
            {t('lifecycle.markSold')}
          </Button>
        )}
        {(item.status === 'pending' || item.status === 'available') && (
          <Button variant="danger" onClick={() => setAsking('delete')}>
            {t('lifecycle.delete')}
          </Button>
        )}
      </div>
      {error && (
        <Notice tone="error" role="alert">
          {error.message}
        </Notice>
      )}
      {warned.length > 0 && item.status === 'available' && (
        <Notice role="status">
          {t('lifecycle.publishedWithWarnings', {
            warnings: warned.map((w) => t(`warning.${w.code}`)).join(' '),
          })}
        </Notice>
      )}
      <ConfirmDialog
        open={asking === 'publish'}
        title={t('lifecycle.publishAsk')}
        confirmLabel={t('lifecycle.publishAnyway')}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          setAsking(null);
          run('publish');
        }}
      >
        <ul>
          {item.publish_warnings.map((warning) => (
            <li key={warning.code}>{t(`warning.${warning.code}`)}</li>
          ))}
        </ul>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'mark-sold'}
        title={t('lifecycle.markSoldAsk', { title: item.title })}
        confirmLabel={t('lifecycle.markSold')}
        danger
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          setAsking(null);
          run('mark-sold');
        }}
      >
        <p>
          {t('lifecycle.markSoldTold')}
          {item.status === 'reserved' && ` ${t('lifecycle.markSoldHeld')}`}{' '}
          {t('lifecycle.markSoldFinal')}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'delete'}
        title={t('lifecycle.deleteAsk')}
        confirmLabel={t('lifecycle.deleteConfirm')}
        danger
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          setAsking(null);
          remove.mutate(item.id, { onSuccess: () => navigate('/admin/items') });
        }}
      >
        <p>{t('lifecycle.deleteBody')}</p>
      </ConfirmDialog>
    </section>
  );
}
