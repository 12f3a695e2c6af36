import { usePriceFormat } from '../../lib/queries';

/** A price in the shop's currency; an empty placeholder of the same line until it is known. */
export function Price({ cents, className }: { cents: number; className?: string }) {
  const format = usePriceFormat();
  return <span className={className}>{format ? format(cents) : '\u00a0'}</span>;
}
