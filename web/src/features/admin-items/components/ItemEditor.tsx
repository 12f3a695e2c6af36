import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Loading, Notice, PageState } from '../../../components/ui/Feedback';
import { Field, TextArea } from '../../../components/ui/Field';
import type { AdminItem } from '../../../lib/admin-api';
import { fieldErrorOf, namesOnlyFields } from '../../../lib/api-client';
import { centsToMajorText, formatDate, formatTime, parseMajorUnits } from '../../../lib/format';
import { CONDITIONS } from '../../../lib/item-details';
import { useAdminItem, useCategories, useCreateTag, useTags, useUpdateItem } from '../api';
import styles from './AdminItems.module.css';
import { detailsOf, initialText } from './detail-fields';
import { LifecycleButtons } from './Lifecycle';
import { Photos } from './Photos';
import { StatusLabel } from './StatusLabel';

interface Node {
  id: number;
  name: string;
  children: Node[];
}

/** The tree as options, each indented by its depth. */
function flatten(nodes: Node[], depth = 0): Array<{ id: number; label: string }> {
  return nodes.flatMap((node) => [
    { id: node.id, label: `${'\u00a0\u00a0'.repeat(depth * 2)}${node.name}` },
    ...flatten(node.children, depth + 1),
  ]);
}

function Details({ item }: { item: AdminItem }) {
  const { t } = useTranslation('adminItems');
  const update = useUpdateItem(item.id);
  const categories = useCategories();
  const tags = useTags();
  const createTag = useCreateTag();
  const [tagIds, setTagIds] = useState<number[]>(item.tags.map((tag) => tag.id));
  // Held as state, not read back from the select (issue 30 item 10): a select drawn
  // before the tree arrived showed "No category", and Save then cleared the category.
  const [categoryId, setCategoryId] = useState(item.category ? String(item.category.id) : '');
  const categoryOptions = categories.data
    ? flatten(categories.data.categories as Node[])
    : item.category
      ? [{ id: item.category.id, label: item.category.name }]
      : [];
  const [priceError, setPriceError] = useState<string | undefined>();
  const [measureError, setMeasureError] = useState<{ field: string; message: string }>();
  const measures = initialText(item);
  const [newTag, setNewTag] = useState('');

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const priceText = String(form.get('price'));
    const price = parseMajorUnits(priceText);
    if (price === null) {
      setPriceError(t('details.priceFormat'));
      return;
    }
    setPriceError(undefined);
    const details = detailsOf(form);
    if ('field' in details) {
      setMeasureError(details);
      return;
    }
    setMeasureError(undefined);
    update.mutate({
      ...details.values,
      title: String(form.get('title')),
      description: String(form.get('description')),
      // Only a changed price becomes a person's (manual) price.
      ...(price !== item.price_cents ? { price_cents: price } : {}),
      category_id: categoryId ? Number(categoryId) : null,
      tag_ids: tagIds,
    });
  }

  const fieldError = (name: string) => fieldErrorOf(update.error, name);
  const measureField = (name: string, apiName: string) =>
    measureError?.field === name ? t(measureError.message) : fieldError(apiName);

  return (
    <form className={styles.card} onSubmit={save} aria-labelledby="details-heading">
      <h2 id="details-heading">{t('details.title')}</h2>
      {update.isSuccess && (
        <Notice role="status" tone="success">
          {t('details.saved')}
        </Notice>
      )}
      {update.error &&
        !namesOnlyFields(update.error, [
          'title',
          'price_cents',
          'weight_grams',
          'condition_note',
        ]) && (
          <Notice tone="error" role="alert">
            {update.error.message}
          </Notice>
        )}
      <Field
        label={t('fields.title')}
        name="title"
        defaultValue={item.title}
        required
        maxLength={200}
        error={fieldError('title')}
      />
      <TextArea
        label={t('details.description')}
        name="description"
        defaultValue={item.description}
        maxLength={10000}
      />
      <Field
        label={t('fields.price')}
        name="price"
        inputMode="decimal"
        defaultValue={centsToMajorText(item.price_cents)}
        hint={
          item.price_source === 'default'
            ? t('details.priceDefault')
            : item.price_source === 'model'
              ? t('details.priceByModel')
              : t('details.priceByPerson')
        }
        error={priceError ?? fieldError('price_cents')}
      />
      <fieldset className={styles.measures}>
        <legend>{t('details.measures')}</legend>
        <p className={styles.measuresHint}>{t('details.measuresHint')}</p>
        <Field
          label={t('details.weight')}
          name="weight"
          inputMode="decimal"
          defaultValue={measures.weight}
          error={measureField('weight', 'weight_grams')}
        />
        <Field
          label={t('details.width')}
          name="width"
          inputMode="decimal"
          defaultValue={measures.width}
          error={measureField('width', 'dimensions')}
        />
        <Field
          label={t('details.height')}
          name="height"
          inputMode="decimal"
          defaultValue={measures.height}
          error={measureField('height', 'dimensions')}
        />
        <Field
          label={t('details.depth')}
          name="depth"
          inputMode="decimal"
          defaultValue={measures.depth}
          error={measureField('depth', 'dimensions')}
        />
      </fieldset>
      <label className={styles.stacked}>
        {t('details.condition')}
        <select name="condition" className={styles.select} defaultValue={item.condition ?? ''}>
          <option value="">{t('details.conditionNotSaid')}</option>
          {CONDITIONS.map((condition) => (
            <option key={condition.value} value={condition.value}>
              {condition.label}
            </option>
          ))}
        </select>
      </label>
      <TextArea
        label={t('details.conditionNote')}
        name="condition_note"
        defaultValue={item.condition_note ?? ''}
        maxLength={500}
      />
      <label className={styles.stacked}>
        {t('details.category')}
        <select
          name="category"
          className={styles.select}
          value={categoryId}
          onChange={(event) => setCategoryId(event.target.value)}
        >
          <option value="">{t('details.noCategory')}</option>
          {categoryOptions.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <fieldset className={styles.tags}>
        <legend>{t('details.tags')}</legend>
        <div className={styles.tagList}>
          {(tags.data?.tags ?? []).map((tag) => (
            <label key={tag.id}>
              <input
                type="checkbox"
                checked={tagIds.includes(tag.id)}
                onChange={(event) => {
                  const checked = event.currentTarget.checked;
                  setTagIds((ids) =>
                    checked ? [...ids, tag.id] : ids.filter((id) => id !== tag.id),
                  );
                }}
              />{' '}
              {tag.name}
            </label>
          ))}
        </div>
        <div className={styles.actions}>
          <input
            aria-label={t('details.newTag')}
            placeholder={t('details.newTag')}
            className={styles.select}
            value={newTag}
            maxLength={60}
            onChange={(event) => setNewTag(event.currentTarget.value)}
          />
          <Button
            variant="secondary"
            disabled={!newTag.trim() || createTag.isPending}
            onClick={() =>
              createTag.mutate(newTag.trim(), {
                onSuccess: (tag) => {
                  setTagIds((ids) => [...ids, tag.id]);
                  setNewTag('');
                },
              })
            }
          >
            {t('details.createTag')}
          </Button>
        </div>
        {createTag.error && <p role="alert">{createTag.error.message}</p>}
      </fieldset>
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? t('details.saving') : t('details.save')}
      </Button>
    </form>
  );
}

export function ItemEditor() {
  const id = Number(useParams().id);
  const { t } = useTranslation('adminItems');
  const item = useAdminItem(id);
  if (item.isPending) return <Loading label={t('editor.loading')} />;
  if (item.isError)
    return (
      <PageState
        headingLevel={1}
        title={t('editor.failed')}
        action={<Link to="/admin/items">{t('editor.allItems')}</Link>}
      >
        <p>{item.error.message}</p>
      </PageState>
    );
  const data = item.data;
  return (
    <>
      <p>
        <Link to="/admin/items">{t('editor.backToAll')}</Link>
      </p>
      <h1>
        {data.title} <StatusLabel status={data.status} />
      </h1>
      {data.draft && (
        <Notice>
          {t(data.draft.link ? 'editor.submittedThroughLink' : 'editor.submittedThroughGoneLink', {
            date: formatDate(data.draft.created_at),
            time: formatTime(data.draft.created_at),
            label: data.draft.link?.label ?? t('editor.unlabelled'),
            contact: data.draft.link?.contact_email ?? t('editor.noContact'),
            note: data.draft.note || t('editor.noNote'),
          })}
        </Notice>
      )}
      <div className={styles.editor}>
        <div style={{ display: 'grid', gap: '1.5rem' }}>
          <Details key={`${data.id}`} item={data} />
          <Photos item={data} />
        </div>
        <div className={styles.card}>
          <LifecycleButtons item={data} />
        </div>
      </div>
    </>
  );
}
