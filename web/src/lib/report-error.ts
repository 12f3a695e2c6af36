import { api, type ClientErrorReport } from './api-client';

export type ErrorContext = ClientErrorReport['context'];

/**
 * The page address without anything secret: the fragment carries verify and reset
 * tokens, and an upload page's path is its link token (contract: a report never
 * contains a token).
 */
export function reportableUrl(href: string): string {
  const url = new URL(href);
  // Put together by hand: URL would percent-encode the placeholder.
  return `${url.origin}${url.pathname.replace(/^\/upload\/[^/]+/, '/upload/…')}`;
}

/** Posts one render-error report; a failing report is dropped (the page already broke once). */
export function reportClientError(
  context: ErrorContext,
  error: unknown,
  componentStack?: string | null,
): void {
  const err = error instanceof Error ? error : new Error(String(error));
  const body: ClientErrorReport = {
    context,
    message: err.message.slice(0, 1000) || 'Unknown error',
    url: reportableUrl(window.location.href),
    user_agent: navigator.userAgent.slice(0, 1000),
  };
  if (err.stack) body.stack = err.stack.slice(0, 8000);
  if (componentStack) body.component_stack = componentStack.slice(0, 8000);
  api.POST('/api/client-errors', { body }).catch(() => {});
}
