import { describe, expect, it } from 'vitest';
import { cartReminderMail } from './cart-reminder.js';
import { favoriteSoldMail } from './favorite-sold.js';
import { renderMail } from './template.js';

const ITEM_URL = 'https://shop.example/items/12';

describe('favorite-sold mail (spec 6)', () => {
  it.each(['itemTitle', 'itemUrl'] as const)('cannot be rendered without %s', (missing) => {
    const values = { itemTitle: 'Teak side table', itemUrl: ITEM_URL, [missing]: ' ' };
    expect(() => renderMail(favoriteSoldMail, values)).toThrow(
      new RegExp(`"favorite-sold" requires ${missing}`),
    );
  });

  it('names the item, links to it and says how to stop these emails', () => {
    const mail = renderMail(favoriteSoldMail, {
      itemTitle: 'Chair <Oak> & Co',
      itemUrl: ITEM_URL,
      firstName: 'Ann',
    });
    expect(mail.subject).toBe('Sold: Chair <Oak> & Co');
    expect(mail.text).toMatch(/^Hello Ann,/);
    expect(mail.text).toContain('Chair <Oak> & Co');
    expect(mail.text).toContain(ITEM_URL);
    expect(mail.text).toMatch(/turn these emails off/);
    expect(mail.html).toContain('Chair &lt;Oak&gt; &amp; Co');
    expect(mail.html).toContain(`href="${ITEM_URL}"`);
  });
});

describe('cart reminder mail (spec 6: greets by first name)', () => {
  const values = {
    itemList: 'Lamp\nChair <Oak>',
    holdUntil: '2026-01-15 10:30 UTC',
    cartUrl: 'https://shop.example/cart',
  };

  it.each(['itemList', 'holdUntil', 'cartUrl'] as const)(
    'cannot be rendered without %s',
    (missing) => {
      expect(() => renderMail(cartReminderMail, { ...values, [missing]: '' })).toThrow(
        new RegExp(`"cart-reminder" requires ${missing}`),
      );
    },
  );

  it('greets by first name, lists each item and gives the deadline and the cart link', () => {
    const mail = renderMail(cartReminderMail, { ...values, firstName: 'Maja' });
    expect(mail.text).toMatch(/^Hello Maja,/);
    expect(mail.text).toContain('until 2026-01-15 10:30 UTC:\n\n- Lamp\n- Chair <Oak>\n');
    expect(mail.text).toContain('https://shop.example/cart');
    expect(mail.html).toContain('&bull; Lamp<br>&bull; Chair &lt;Oak&gt;');
    expect(mail.html).toContain('href="https://shop.example/cart"');
  });
});
