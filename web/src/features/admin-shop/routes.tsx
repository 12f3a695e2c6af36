import i18next from 'i18next';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Loading, Notice, PageState } from '../../components/ui/Feedback';
import { Checkbox, Field, fieldInputClass, TextArea } from '../../components/ui/Field';
import { ApiError } from '../../lib/api-client';
import { decimalInput } from '../../lib/format';
import { PAGE_SLUGS, type PageSlug } from '../pages/api';
import {
  type ShopSettingsChange,
  useAdminPage,
  useAdminShop,
  useSaveLogo,
  useSavePage,
  useSaveShop,
} from './api';
import { type PageLanguage, PageLanguageChoice } from './PageLanguageChoice';
import styles from './ShopSettings.module.css';

/** A legal page's name in the page's language (its slug stays the address). */
const pageNameKey = (slug: PageSlug) => `pages.names.${slug}` as const;

/**
 * The fields the server refuses in words of its own (an empty name, no payment instructions
 * in a shop paid by hand, …): their message in the page's language. English passes the
 * server's sentence through; other languages say it in theirs.
 */
const FIELD_PROBLEMS: Record<string, string> = {
  name: 'problems.name',
  contact_email: 'problems.contactEmail',
  payment_instructions: 'problems.paymentInstructions',
  time_zone: 'problems.timeZone',
  title: 'problems.pageTitle',
  body_markdown: 'problems.pageText',
};

/** A field's refusal from the server, shown next to it. */
function fieldError(error: unknown, field: string) {
  if (!(error instanceof ApiError)) return undefined;
  if (error.field !== field && !error.field?.startsWith(`${field}/`)) return undefined;
  const words = error.code === 'invalid_body' ? FIELD_PROBLEMS[field] : undefined;
  return words
    ? i18next.t(words, { ns: 'adminSettings', message: error.serverMessage })
    : error.message;
}

const text = (form: FormData, name: string) => {
  const value = String(form.get(name) ?? '').trim();
  return value === '' ? null : value;
};

/** "19" or "7,5" (percent) → basis points; anything else as typed, for the server to refuse. */
const percentToBp = (value: string) => Math.round(Number(value.trim().replace(',', '.')) * 100);

/**
 * "AT 20, FR 20" → {AT: 2000, FR: 2000}; a comma separates two countries only before the next
 * code, so German's "FR 5,5" keeps its decimal comma.
 */
function ratesFrom(value: string): Record<string, number> {
  const rates: Record<string, number> = {};
  for (const part of value.split(/[;\n]|,(?=\s*[A-Za-z])/)) {
    const [country, rate] = part.trim().split(/\s+/);
    if (country && rate) rates[country.toUpperCase()] = percentToBp(rate);
  }
  return rates;
}

function SettingsForm() {
  const { t, i18n } = useTranslation('adminSettings');
  const shop = useAdminShop();
  const save = useSaveShop();
  const logo = useSaveLogo();
  const [saved, setSaved] = useState(false);
  if (shop.isPending) return <Loading />;
  if (shop.isError)
    return (
      <PageState title={t('shop.loadFailed')}>
        <p>{shop.error.message}</p>
      </PageState>
    );
  const data = shop.data;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const form = new FormData(event.currentTarget);
    const body: ShopSettingsChange = {
      name: String(form.get('name') ?? '').trim(),
      contact_email: text(form, 'contact_email'),
      address: text(form, 'address'),
      pickup: { address: text(form, 'pickup_address'), hours: text(form, 'pickup_hours') },
      payment_instructions: text(form, 'payment_instructions'),
      mail_sender_name: text(form, 'mail_sender_name'),
      notify: {
        orders: form.get('notify_orders') === 'on',
        submissions: form.get('notify_submissions') === 'on',
      },
      time_zone: String(form.get('time_zone') ?? '').trim(),
      tax: {
        mode: String(form.get('tax_mode')) as 'included' | 'margin' | 'none',
        rate_bp: percentToBp(String(form.get('tax_rate') ?? '')),
        rates_bp: ratesFrom(String(form.get('tax_rates') ?? '')),
        note: text(form, 'tax_note'),
      },
    };
    save.mutate(body, { onSuccess: () => setSaved(true) });
  }

  return (
    <>
      <form className={styles.form} onSubmit={submit} aria-label={t('shop.formLabel')}>
        <Field
          label={t('shop.name')}
          name="name"
          defaultValue={data.name}
          required
          maxLength={100}
          error={fieldError(save.error, 'name')}
          hint={t('shop.nameHint')}
        />
        <Field
          label={t('shop.contactEmail')}
          name="contact_email"
          type="email"
          defaultValue={data.contact_email ?? ''}
          error={fieldError(save.error, 'contact_email')}
          hint={t('shop.contactEmailHint')}
        />
        <TextArea
          label={t('shop.address')}
          name="address"
          defaultValue={data.address ?? ''}
          maxLength={500}
          error={fieldError(save.error, 'address')}
        />
        <TextArea
          label={t('shop.pickupAddress')}
          name="pickup_address"
          defaultValue={data.pickup.address ?? ''}
          maxLength={500}
        />
        <TextArea
          label={t('shop.pickupHours')}
          name="pickup_hours"
          defaultValue={data.pickup.hours ?? ''}
          maxLength={500}
          rows={2}
        />
        <TextArea
          label={t('shop.paymentInstructions')}
          name="payment_instructions"
          defaultValue={data.payment_instructions ?? ''}
          maxLength={2000}
          error={fieldError(save.error, 'payment_instructions')}
          hint={t('shop.paymentInstructionsHint')}
        />
        <Field
          label={t('shop.mailSender')}
          name="mail_sender_name"
          defaultValue={data.mail_sender_name ?? ''}
          maxLength={100}
          error={fieldError(save.error, 'mail_sender_name')}
          hint={t('shop.mailSenderHint')}
        />
        <Field
          label={t('shop.timeZone')}
          name="time_zone"
          defaultValue={data.time_zone}
          required
          error={fieldError(save.error, 'time_zone')}
          hint={t('shop.timeZoneHint')}
        />
        <fieldset className={styles.notify}>
          <legend>{t('shop.tax.legend')}</legend>
          <label className={styles.selectLabel}>
            {t('shop.tax.mode')}
            <select name="tax_mode" defaultValue={data.tax.mode} className={fieldInputClass}>
              <option value="included">{t('shop.tax.modes.included')}</option>
              <option value="margin">{t('shop.tax.modes.margin')}</option>
              <option value="none">{t('shop.tax.modes.none')}</option>
            </select>
          </label>
          <Field
            label={t('shop.tax.rate')}
            name="tax_rate"
            inputMode="decimal"
            defaultValue={decimalInput(data.tax.rate_bp / 100, { language: i18n.language })}
            error={fieldError(save.error, 'tax/rate_bp')}
            hint={t('shop.tax.rateHint')}
          />
          <Field
            label={t('shop.tax.rates')}
            name="tax_rates"
            defaultValue={Object.entries(data.tax.rates_bp)
              .map(
                ([country, bp]) =>
                  `${country} ${decimalInput(bp / 100, { language: i18n.language })}`,
              )
              .join(', ')}
            error={fieldError(save.error, 'tax/rates_bp')}
            hint={t('shop.tax.ratesHint')}
          />
          <TextArea
            label={t('shop.tax.note')}
            name="tax_note"
            defaultValue={data.tax.note ?? ''}
            maxLength={500}
            rows={2}
            error={fieldError(save.error, 'tax/note')}
            hint={t('shop.tax.noteHint')}
          />
        </fieldset>
        <fieldset className={styles.notify}>
          <legend>{t('shop.notify.legend')}</legend>
          <Checkbox
            label={t('shop.notify.orders')}
            name="notify_orders"
            defaultChecked={data.notify.orders}
          />
          <Checkbox
            label={t('shop.notify.submissions')}
            name="notify_submissions"
            defaultChecked={data.notify.submissions}
          />
        </fieldset>
        {save.error && !(save.error instanceof ApiError && save.error.field) && (
          <Notice tone="error" role="alert">
            {save.error.message}
          </Notice>
        )}
        {saved && <Notice role="status">{t('shop.saved')}</Notice>}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('saving') : t('shop.save')}
        </Button>
      </form>
      <section className={styles.logo} aria-labelledby="logo-heading">
        <h2 id="logo-heading">{t('shop.logo.heading')}</h2>
        {data.logo_url ? (
          <img src={data.logo_url} alt={t('shop.logo.alt')} height={64} />
        ) : (
          <p>{t('shop.logo.none')}</p>
        )}
        <label className={styles.fileLabel}>
          {data.logo_url ? t('shop.logo.replace') : t('shop.logo.upload')}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) logo.mutate(file);
            }}
          />
        </label>
        {data.logo_url && (
          <Button variant="quiet" onClick={() => logo.mutate(null)} disabled={logo.isPending}>
            {t('shop.logo.remove')}
          </Button>
        )}
        {logo.error && (
          <Notice tone="error" role="alert">
            {logo.error.message}
          </Notice>
        )}
      </section>
    </>
  );
}

/** One page's editor; keyed by the page, so choosing another starts afresh. */
function PageEditor({ slug, language }: { slug: PageSlug; language: PageLanguage | null }) {
  const page = useAdminPage(slug, language);
  const save = useSavePage(slug, language);
  if (page.isPending) return <Loading />;
  if (page.isError) return <Notice tone="error">{page.error.message}</Notice>;
  // Keyed by the version: a save shows the saved text as the new starting point.
  return <PageForm key={page.data?.version ?? 0} slug={slug} page={page.data} save={save} />;
}

function PageForm({
  slug,
  page,
  save,
}: {
  slug: PageSlug;
  page: ReturnType<typeof useAdminPage>['data'];
  save: ReturnType<typeof useSavePage>;
}) {
  const { t } = useTranslation('adminSettings');
  const name = t(pageNameKey(slug));
  const [title, setTitle] = useState(page?.title ?? name);
  const [markdown, setMarkdown] = useState(page?.body_markdown ?? '');
  return (
    <form
      className={styles.form}
      aria-label={t('pages.edit', { page: name })}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ title, body_markdown: markdown });
      }}
    >
      <p className={styles.meta}>
        {page ? t('pages.version', { version: page.version }) : t('pages.notWritten')}{' '}
        {page && (
          <a href={`/pages/${slug}`} target="_blank" rel="noopener">
            {t('pages.see')}
          </a>
        )}
      </p>
      <Field
        label={t('pages.title')}
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        required
        maxLength={120}
        error={fieldError(save.error, 'title')}
      />
      <TextArea
        label={t('pages.text')}
        value={markdown}
        onChange={(e) => setMarkdown(e.currentTarget.value)}
        rows={14}
        required
        maxLength={60000}
        error={fieldError(save.error, 'body_markdown')}
        hint={t('pages.textHint')}
      />
      {save.isSuccess && (
        <Notice role="status">{t('pages.saved', { version: save.data.version })}</Notice>
      )}
      {save.error && !(save.error instanceof ApiError && save.error.field) && (
        <Notice tone="error" role="alert">
          {save.error.message}
        </Notice>
      )}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t('saving') : t('pages.save', { page: name })}
      </Button>
    </form>
  );
}

/** /admin/shop: the shop's own settings and its legal pages (issue 33 items 1, 2). */
export default function ShopSettingsPage() {
  const { t } = useTranslation('adminSettings');
  const [slug, setSlug] = useState<PageSlug>('imprint');
  const [language, setLanguage] = useState<PageLanguage | null>(null);
  useEffect(() => {
    document.title = t('shop.pageTitle');
  }, [t]);
  return (
    <>
      <h1>{t('shop.title')}</h1>
      <SettingsForm />
      <section aria-labelledby="pages-heading" className={styles.pages}>
        <h2 id="pages-heading">{t('pages.heading')}</h2>
        <fieldset className={styles.tabs}>
          <legend className="visually-hidden">{t('pages.choose')}</legend>
          {PAGE_SLUGS.map((each) => (
            <Button
              key={each}
              variant={each === slug ? 'primary' : 'secondary'}
              aria-pressed={each === slug}
              onClick={() => setSlug(each)}
            >
              {t(pageNameKey(each))}
            </Button>
          ))}
        </fieldset>
        <PageLanguageChoice value={language} onChange={setLanguage} />
        <PageEditor key={`${slug}:${language}`} slug={slug} language={language} />
      </section>
    </>
  );
}
