import { acceptingPayments, type Payments } from '../../src/modules/commerce/payments.js';

/**
 * A payment provider for tests: it records every capture and void, and each
 * capture first awaits `during` (set it to block, to time or to watch the
 * payment step). `reset` clears the records and makes `during` instant again.
 */
export function recordingPayments() {
  const recorded = {
    captures: [] as string[],
    voids: [] as string[],
    during: async (): Promise<void> => {},
    provider: {
      ...acceptingPayments,
      async capture(key: string) {
        recorded.captures.push(key);
        await recorded.during();
        return { reference: `ref-${key}` };
      },
      async void(key: string) {
        recorded.voids.push(key);
      },
    } as Payments,
    reset() {
      recorded.captures.length = 0;
      recorded.voids.length = 0;
      recorded.during = async () => {};
    },
  };
  return recorded;
}
