import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageState } from '../components/ui/Feedback';
import { type ErrorContext, reportClientError } from '../lib/report-error';
import styles from './Shell.module.css';

interface Props {
  area: ErrorContext;
  children: ReactNode;
}

/**
 * One per area of the client: a render error is reported once, with the area as its
 * context (spec: the frontend posts render-error reports), and a friendly page replaces
 * the broken one.
 */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    reportClientError(this.props.area, error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <BrokenPage />;
  }
}

function BrokenPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.main}>
      <PageState
        headingLevel={1}
        title={t('broken.title')}
        action={
          <a href="/" className={styles.fallbackLink}>
            {t('broken.back')}
          </a>
        }
      >
        <p>{t('broken.body')}</p>
      </PageState>
    </div>
  );
}
