import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Item } from '../../lib/api-client';
import styles from './Feedback.module.css';

/** Status of an item as a shopper reads it (spec 3: reserved means in someone's cart). */
/** `mine`: the signed-in customer holds it (reserved for them, not for someone else). */
export function StatusBadge({ status, mine = false }: { status: Item['status']; mine?: boolean }) {
  const { t } = useTranslation();
  if (status === 'sold')
    return <span className={`${styles.badge} ${styles.sold}`}>{t('status.sold')}</span>;
  if (status === 'reserved')
    return (
      <span className={`${styles.badge} ${styles.reserved}`}>
        {mine ? t('status.inYourCart') : t('status.inSomeonesCart')}
      </span>
    );
  if (status === 'available')
    return <span className={`${styles.badge} ${styles.available}`}>{t('status.available')}</span>;
  return null;
}

export function Notice({
  tone = 'info',
  children,
  role,
}: {
  tone?: 'info' | 'error' | 'success';
  children: ReactNode;
  role?: 'alert' | 'status';
}) {
  return (
    <div className={`${styles.notice} ${styles[tone]}`} role={role}>
      {children}
    </div>
  );
}

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.state} role="status">
      <div className={styles.spinner} aria-hidden="true" />
      {label ?? t('loading')}
    </div>
  );
}

/** A designed empty or error state: a heading, a sentence, and what to do next. */
export function PageState({
  title,
  children,
  action,
  headingLevel = 2,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className={styles.state}>
      <Heading>{title}</Heading>
      {children && <div>{children}</div>}
      {action && <div>{action}</div>}
    </div>
  );
}
