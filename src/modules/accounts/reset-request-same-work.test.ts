import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeCustomer, nextAddress } from '../../../test/support/customer-factories.js';
import { QueryCounter } from '../../../test/support/query-counter.js';

// Issue 14 item 15: the answer to a reset request must not tell whether an account
// exists, by its body or by its time. Time is measured by `npm run bench:reset-timing`
// (medians of 30 on PostgreSQL); here: both paths do the same database work before
// answering, and the lookup, mint and mail happen only afterwards, in the job.

const queries = new QueryCounter();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ plugins: [queries] });
});
afterAll(() => t.close());

async function requestReset(email: string) {
  const before = { count: queries.count, writes: queries.writes };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/customers/password-reset/request',
    payload: { email },
    remoteAddress: nextAddress(),
  });
  return {
    status: res.statusCode,
    body: res.json(),
    headers: Object.keys(res.headers).sort(),
    statements: queries.count - before.count,
    writes: queries.writes - before.writes,
  };
}

describe('POST /api/customers/password-reset/request: the same work for every address', () => {
  it('a known, an unknown and a disabled address send the same statements before the answer', async () => {
    const known = await makeCustomer(t);
    const disabled = await makeCustomer(t, { disabled: true });
    const answers = [
      await requestReset(known.email),
      await requestReset(`nobody-${Date.now()}@example.com`),
      await requestReset(disabled.email),
    ];
    expect(answers[0]).toMatchObject({ status: 200, statements: 1, writes: 1 });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('the lookup, the mint and the mail happen after the answer, in the job', async () => {
    const known = await makeCustomer(t);
    await requestReset(known.email);
    const afterAnswer = await queries.during(() => t.app.jobs.drain());
    expect(afterAnswer).toBeGreaterThan(1);
    await t.mail.settle();
    expect(t.mail.to(known.email)).toHaveLength(1);
  });
});
