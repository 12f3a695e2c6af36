import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Loading, Notice, PageState } from '../../components/ui/Feedback';
import { Checkbox, Field, fieldInputClass, TextArea } from '../../components/ui/Field';
import { ApiError } from '../../lib/api-client';
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

const PAGE_NAMES: Record<PageSlug, string> = {
  imprint: 'Imprint',
  terms: 'Terms and conditions',
  privacy: 'Privacy policy',
  withdrawal: 'Right of withdrawal',
  shipping: 'Shipping and payment',
};

/** A field's refusal from the server, shown next to it. */
const fieldError = (error: unknown, field: string) =>
  error instanceof ApiError && (error.field === field || error.field?.startsWith(`${field}/`))
    ? error.message
    : undefined;

const text = (form: FormData, name: string) => {
  const value = String(form.get(name) ?? '').trim();
  return value === '' ? null : value;
};

/** "19" or "7,5" (percent) → basis points; anything else as typed, for the server to refuse. */
const percentToBp = (value: string) => Math.round(Number(value.trim().replace(',', '.')) * 100);

/** "AT 20, FR 20" → {AT: 2000, FR: 2000}. */
function ratesFrom(value: string): Record<string, number> {
  const rates: Record<string, number> = {};
  for (const part of value.split(/[,;\n]/)) {
    const [country, rate] = part.trim().split(/\s+/);
    if (country && rate) rates[country.toUpperCase()] = percentToBp(rate);
  }
  return rates;
}

function SettingsForm() {
  const shop = useAdminShop();
  const save = useSaveShop();
  const logo = useSaveLogo();
  const [saved, setSaved] = useState(false);
  if (shop.isPending) return <Loading />;
  if (shop.isError)
    return (
      <PageState title="The settings could not be loaded">
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
      <form className={styles.form} onSubmit={submit} aria-label="Shop settings">
        <Field
          label="Shop name"
          name="name"
          defaultValue={data.name}
          required
          maxLength={100}
          error={fieldError(save.error, 'name')}
          hint="In the header, every page title and every mail."
        />
        <Field
          label="Contact email"
          name="contact_email"
          type="email"
          defaultValue={data.contact_email ?? ''}
          error={fieldError(save.error, 'contact_email')}
          hint="Where you are told of new orders and submissions; shown in the footer."
        />
        <TextArea
          label="Postal address"
          name="address"
          defaultValue={data.address ?? ''}
          maxLength={500}
          error={fieldError(save.error, 'address')}
        />
        <TextArea
          label="Pickup address"
          name="pickup_address"
          defaultValue={data.pickup.address ?? ''}
          maxLength={500}
        />
        <TextArea
          label="Pickup hours"
          name="pickup_hours"
          defaultValue={data.pickup.hours ?? ''}
          maxLength={500}
          rows={2}
        />
        <TextArea
          label="Payment instructions"
          name="payment_instructions"
          defaultValue={data.payment_instructions ?? ''}
          maxLength={2000}
          error={fieldError(save.error, 'payment_instructions')}
          hint="Bank details and the reference to quote, for payments made by hand."
        />
        <Field
          label="Mail sender name"
          name="mail_sender_name"
          defaultValue={data.mail_sender_name ?? ''}
          maxLength={100}
          error={fieldError(save.error, 'mail_sender_name')}
          hint="Mail comes from this name; the shop name when empty."
        />
        <Field
          label="Time zone"
          name="time_zone"
          defaultValue={data.time_zone}
          required
          error={fieldError(save.error, 'time_zone')}
          hint="An IANA zone such as Europe/Berlin: the days to pay are counted in it."
        />
        <fieldset className={styles.notify}>
          <legend>Tax</legend>
          <label className={styles.selectLabel}>
            How prices are taxed
            <select name="tax_mode" defaultValue={data.tax.mode} className={fieldInputClass}>
              <option value="included">Prices include VAT</option>
              <option value="margin">Margin scheme: no VAT shown</option>
              <option value="none">No VAT (small business)</option>
            </select>
          </label>
          <Field
            label="VAT rate (%)"
            name="tax_rate"
            inputMode="decimal"
            defaultValue={String(data.tax.rate_bp / 100)}
            error={fieldError(save.error, 'tax/rate_bp')}
            hint="Your country’s standard rate, e.g. 19."
          />
          <Field
            label="Rates by destination (OSS)"
            name="tax_rates"
            defaultValue={Object.entries(data.tax.rates_bp)
              .map(([country, bp]) => `${country} ${bp / 100}`)
              .join(', ')}
            error={fieldError(save.error, 'tax/rates_bp')}
            hint="Optional, e.g. “AT 20, FR 20”: parcels to these countries are taxed at their rate."
          />
          <TextArea
            label="Note on invoices without VAT"
            name="tax_note"
            defaultValue={data.tax.note ?? ''}
            maxLength={500}
            rows={2}
            error={fieldError(save.error, 'tax/note')}
            hint="With “No VAT”: the wording of your exemption, shown in the cart and on invoices."
          />
        </fieldset>
        <fieldset className={styles.notify}>
          <legend>Tell me by mail about</legend>
          <Checkbox
            label="Every new order"
            name="notify_orders"
            defaultChecked={data.notify.orders}
          />
          <Checkbox
            label="Every new photo submission"
            name="notify_submissions"
            defaultChecked={data.notify.submissions}
          />
        </fieldset>
        {save.error && !(save.error instanceof ApiError && save.error.field) && (
          <Notice tone="error" role="alert">
            {save.error.message}
          </Notice>
        )}
        {saved && (
          <Notice role="status">Saved. Every page and mail uses the new settings now.</Notice>
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save settings'}
        </Button>
      </form>
      <section className={styles.logo} aria-labelledby="logo-heading">
        <h2 id="logo-heading">Logo</h2>
        {data.logo_url ? (
          <img src={data.logo_url} alt="The shop's logo" height={64} />
        ) : (
          <p>No logo: the header shows the name alone.</p>
        )}
        <label className={styles.fileLabel}>
          {data.logo_url ? 'Replace the logo' : 'Upload a logo'}
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
            Remove the logo
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
  const [title, setTitle] = useState(page?.title ?? PAGE_NAMES[slug]);
  const [markdown, setMarkdown] = useState(page?.body_markdown ?? '');
  return (
    <form
      className={styles.form}
      aria-label={`Edit ${PAGE_NAMES[slug]}`}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ title, body_markdown: markdown });
      }}
    >
      <p className={styles.meta}>
        {page
          ? `Version ${page.version}. Saving keeps this version for the orders that accepted it.`
          : 'Not written yet: it is not shown anywhere until you save it.'}{' '}
        {page && (
          <a href={`/pages/${slug}`} target="_blank" rel="noopener">
            See the page
          </a>
        )}
      </p>
      <Field
        label="Title"
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        required
        maxLength={120}
        error={fieldError(save.error, 'title')}
      />
      <TextArea
        label="Text (Markdown)"
        value={markdown}
        onChange={(e) => setMarkdown(e.currentTarget.value)}
        rows={14}
        required
        maxLength={60000}
        error={fieldError(save.error, 'body_markdown')}
        hint="# Heading, **bold**, *italic*, - lists, [links](https://…). A blank line starts a paragraph."
      />
      {save.isSuccess && <Notice role="status">Saved as version {save.data.version}.</Notice>}
      {save.error && !(save.error instanceof ApiError && save.error.field) && (
        <Notice tone="error" role="alert">
          {save.error.message}
        </Notice>
      )}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : `Save ${PAGE_NAMES[slug]}`}
      </Button>
    </form>
  );
}

/** /admin/shop: the shop's own settings and its legal pages (issue 33 items 1, 2). */
export default function ShopSettingsPage() {
  const [slug, setSlug] = useState<PageSlug>('imprint');
  const [language, setLanguage] = useState<PageLanguage | null>(null);
  useEffect(() => {
    document.title = 'Shop settings · Admin';
  }, []);
  return (
    <>
      <h1>Shop settings</h1>
      <SettingsForm />
      <section aria-labelledby="pages-heading" className={styles.pages}>
        <h2 id="pages-heading">Legal and information pages</h2>
        <fieldset className={styles.tabs}>
          <legend className="visually-hidden">Page to edit</legend>
          {PAGE_SLUGS.map((each) => (
            <Button
              key={each}
              variant={each === slug ? 'primary' : 'secondary'}
              aria-pressed={each === slug}
              onClick={() => setSlug(each)}
            >
              {PAGE_NAMES[each]}
            </Button>
          ))}
        </fieldset>
        <PageLanguageChoice value={language} onChange={setLanguage} />
        <PageEditor key={`${slug}:${language}`} slug={slug} language={language} />
      </section>
    </>
  );
}
