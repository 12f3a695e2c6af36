import { Component, type ErrorInfo, type ReactNode } from 'react';
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
    return (
      <div className={styles.main}>
        <PageState
          headingLevel={1}
          title="Something went wrong on this page"
          action={
            <a href="/" className={styles.fallbackLink}>
              Back to the shop
            </a>
          }
        >
          <p>We have been told about it. Reloading the page usually helps.</p>
        </PageState>
      </div>
    );
  }
}
