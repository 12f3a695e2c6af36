import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Field, TextArea } from '../../../components/ui/Field';
import { centsToMajorText, parseMajorUnits } from '../../../lib/format';
import { conditionLabel, formatDimensions, formatWeight } from '../../../lib/item-details';
import type { AcceptEdits, Draft } from '../api';
import styles from './Drafts.module.css';

type Suggestions = NonNullable<Draft['suggestions']>;

/**
 * The drafting step's suggestions as a form: an untouched field takes the suggestion
 * (true), an edited one sends the owner's text. Nothing is published here.
 */
export function SuggestionsForm({
  draftId,
  suggestions: s,
  pending,
  onAccept,
}: {
  draftId: number;
  suggestions: Suggestions;
  pending: boolean;
  onAccept: (edits: AcceptEdits) => void;
}) {
  const { t } = useTranslation('admin');
  const [priceError, setPriceError] = useState<string | undefined>();

  function accept(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const price = parseMajorUnits(String(form.get('price')));
    if (price === null) {
      setPriceError(t('drafts.priceFormat'));
      return;
    }
    setPriceError(undefined);
    const title = String(form.get('title')).trim();
    const description = String(form.get('description'));
    onAccept({
      title: title === s.title ? true : title,
      description: description === s.description ? true : description,
      price_cents: price === s.price_cents ? true : price,
      category_id: true,
      tag_ids: true,
      // Details only where the model said something (issue 34); the rest stay as they are.
      ...(s.condition ? { condition: true } : {}),
      ...(s.weight_grams ? { weight_grams: true } : {}),
      ...(s.dimensions ? { dimensions: true } : {}),
    });
  }

  const size = s.dimensions ? formatDimensions(s.dimensions) : null;
  const details = [
    s.condition ? t('drafts.condition', { condition: conditionLabel(s.condition) }) : null,
    s.weight_grams ? t('drafts.weight', { weight: formatWeight(s.weight_grams) }) : null,
    size ? t('drafts.size', { size }) : null,
  ].filter(Boolean);

  return (
    <form className={styles.suggestions} onSubmit={accept} aria-labelledby={`suggested-${draftId}`}>
      <h3 id={`suggested-${draftId}`}>{t('drafts.suggestedEdit')}</h3>
      <Field
        label={t('drafts.title')}
        name="title"
        defaultValue={s.title}
        required
        maxLength={200}
      />
      <Field
        label={t('drafts.price')}
        name="price"
        inputMode="decimal"
        defaultValue={centsToMajorText(s.price_cents)}
        error={priceError}
      />
      <TextArea
        label={t('drafts.description')}
        name="description"
        defaultValue={s.description}
        maxLength={10_000}
      />
      <p className={styles.meta}>
        {s.category_id === null ? t('drafts.noCategory') : t('drafts.category')}
        {' · '}
        {t('drafts.tagsFromList', { count: s.tag_ids.length })}
        {s.proposed_tags.length > 0 &&
          ` · ${t('drafts.wouldAdd', { tags: s.proposed_tags.join(', ') })}`}
      </p>
      {details.length > 0 && <p className={styles.meta}>{details.join(' · ')}</p>}
      <Button type="submit" disabled={pending}>
        {t('drafts.accept')}
      </Button>
    </form>
  );
}
