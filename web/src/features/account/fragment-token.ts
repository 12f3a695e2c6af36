import { useState } from 'react';

/**
 * The token a mailed link carries in its fragment (`#token=…`), read once and then
 * removed from the address bar and history, so it is neither shared nor reported.
 */
export function useFragmentToken(): string | null {
  const [token] = useState(() => {
    const value = new URLSearchParams(window.location.hash.slice(1)).get('token');
    if (window.location.hash) {
      window.history.replaceState(window.history.state, '', window.location.pathname);
    }
    return value;
  });
  return token;
}
