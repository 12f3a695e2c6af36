import { useEffect, useState } from 'react';
import { formatCountdown } from '../../lib/format';

/**
 * Live time left until `until`; calls `onExpired` once when it reaches zero. The
 * text ticks every second; it is not a live region, so screen readers are not flooded.
 */
export function Countdown({ until, onExpired }: { until: string; onExpired?: () => void }) {
  const end = new Date(until).getTime();
  const [now, setNow] = useState(() => Date.now());
  const left = end - now;

  useEffect(() => {
    if (left <= 0) {
      onExpired?.();
      return;
    }
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(1000, left));
    return () => window.clearTimeout(timer);
  }, [left, onExpired]);

  return <time dateTime={until}>{formatCountdown(left)}</time>;
}
