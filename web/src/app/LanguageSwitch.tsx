import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES, type Language, setLanguage } from '../i18n';
import { api, type Customer, ok } from '../lib/api-client';
import { keys, useMe } from '../lib/queries';
import styles from './Shell.module.css';

/** Each language named in itself ("Deutsch", "English"), as a switcher shows them. */
const ownName = (language: Language) =>
  new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;

/**
 * The footer's language choice: remembered in this browser (cookie) and, when signed in,
 * on the account, so the customer's mails follow it. A signed-in customer's stored
 * choice wins over the browser's on arrival.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const client = useQueryClient();
  const stored = me.data?.language;

  useEffect(() => {
    if (isLanguage(stored) && stored !== i18n.language) void setLanguage(stored);
  }, [stored, i18n.language]);

  async function choose(language: Language) {
    const customer = me.data;
    if (customer) client.setQueryData<Customer>(keys.me, { ...customer, language });
    await setLanguage(language);
    if (customer)
      await ok(api.PUT('/api/customers/me', { body: { language } })).then(
        (saved) => client.setQueryData(keys.me, saved),
        // Kept in this browser; the account keeps its old choice until the next try.
        () => undefined,
      );
  }

  return (
    <nav aria-label={t('footer.language')} className={styles.languages}>
      <ul>
        {LANGUAGES.map((language) => (
          <li key={language}>
            <button
              type="button"
              lang={language}
              aria-pressed={i18n.language === language}
              onClick={() => void choose(language)}
            >
              {ownName(language)}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
