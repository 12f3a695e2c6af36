import { useEffect, useState } from 'react';

/**
 * The token a mailed link carries in its fragment (`#token=…`), read once and then
 * removed from the address bar and history, so it is neither shared nor reported.
 * The removal happens after the page is shown, never while rendering: React may render
 * a page and throw that render away (a lazy area still loading), and the render it keeps
 * must still find the token.
 */
export function useFragmentToken(): string | null {
  const [token] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get('token'));
  useEffect(() => {
    if (window.location.hash) {
      window.history.replaceState(window.history.state, '', window.location.pathname);
    }
  }, []);
  return token;
}
