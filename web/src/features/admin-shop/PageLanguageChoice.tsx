import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import styles from './ShopSettings.module.css';

/** The languages a legal page may have a version in (issue 37 item 4). */
export const PAGE_LANGUAGES = ['en', 'de'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

/**
 * Which language's version of a page the editor shows and saves: the shop's own
 * (null, as before languages) or one named. Visitors read the version in their
 * language, else the shop's.
 */
export function PageLanguageChoice({
  value,
  onChange,
}: {
  value: PageLanguage | null;
  onChange: (language: PageLanguage | null) => void;
}) {
  const { t } = useTranslation('adminPages');
  const choices: Array<PageLanguage | null> = [null, ...PAGE_LANGUAGES];
  return (
    <fieldset className={styles.tabs}>
      <legend>{t('legend')}</legend>
      {choices.map((each) => (
        <Button
          key={each ?? 'shop'}
          variant={each === value ? 'primary' : 'secondary'}
          aria-pressed={each === value}
          onClick={() => onChange(each)}
        >
          {each === null ? t('shopLanguage') : t('language', { language: each })}
        </Button>
      ))}
      <p>{t('hint')}</p>
    </fieldset>
  );
}
