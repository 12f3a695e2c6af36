import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Notice } from '../../../components/ui/Feedback';
import { Field } from '../../../components/ui/Field';
import { adminOk } from '../../../lib/admin-api';
import { api } from '../../../lib/api-client';
import styles from './AdminItems.module.css';

/** An item by hand: a title is enough; it starts pending at the default price. */
export function NewItem() {
  const { t } = useTranslation('adminItems');
  const navigate = useNavigate();
  const client = useQueryClient();
  const create = useMutation({
    mutationFn: (title: string) => adminOk(api.POST('/api/admin/items', { body: { title } })),
    onSuccess: (item) => {
      client.invalidateQueries({ queryKey: ['/api/admin/items'] });
      navigate(`/admin/items/${item.id}`);
    },
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(String(new FormData(event.currentTarget).get('title')));
  }
  return (
    <>
      <h1>{t('new.title')}</h1>
      <form className={styles.card} onSubmit={submit} style={{ maxWidth: '32rem' }}>
        {create.error && (
          <Notice tone="error" role="alert">
            {create.error.message}
          </Notice>
        )}
        <Field label={t('fields.title')} name="title" required maxLength={200} />
        <Button type="submit" disabled={create.isPending}>
          {t('new.create')}
        </Button>
      </form>
    </>
  );
}
