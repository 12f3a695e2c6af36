import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type CheckOptions, check, REPO_OPTIONS } from './check.js';

// The catalogue check itself: it must fail on a planted literal and on a missing key,
// and pass on the repository as it is.
let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** A small project: files by path, and the options the repository's run uses, scaled down. */
function project(files: Record<string, string>, pending: string[] = []): CheckOptions {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'i18n-check-'));
  dirs.push(root);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return {
    root,
    componentDirs: ['web/src'],
    mailFiles: Object.keys(files).filter((name) => name.startsWith('src/mail/')),
    catalogueDirs: ['web/src/locales', 'src/locales'],
    sourceDirs: ['web/src', 'src'],
    pending,
    dynamicNamespaces: ['errors'],
  };
}

const CLEAN = {
  'web/src/locales/en/common.json': JSON.stringify({ cart: 'Cart', held: '{count} held' }),
  'web/src/locales/de/common.json': JSON.stringify({
    cart: 'Warenkorb',
    held: '{count} reserviert',
  }),
  'web/src/locales/en/errors.json': JSON.stringify({ not_found: '{message}' }),
  'web/src/locales/de/errors.json': JSON.stringify({ not_found: 'Nicht gefunden.' }),
  'src/locales/en/mail.json': JSON.stringify({ hello: 'Hello,' }),
  'src/locales/de/mail.json': JSON.stringify({ hello: 'Guten Tag,' }),
  'web/src/Nav.tsx': `export function Nav({ n, t }) {
  return (
    <nav aria-label={t('cart')} className="nav">
      {t('cart')} <span>{n}</span> {t('held', { count: n })}
      <img alt="" src="/x.svg" />
    </nav>
  );
}`,
  'src/mail/hello.ts': `export const hello = {
  name: 'hello',
  text: (t) => \`<p style="color: red">\${t('hello')}</p>\`,
};`,
};

const messages = (options: CheckOptions) => check(options).map((p) => `${p.file}: ${p.message}`);

describe('the catalogue check', () => {
  it('passes a project whose words are all in complete catalogues', () => {
    expect(messages(project(CLEAN))).toEqual([]);
  });

  it('fails on a literal planted in JSX text, in a visible prop and in an expression', () => {
    const found = messages(
      project({
        ...CLEAN,
        'web/src/Nav.tsx': `export function Nav({ t, busy }) {
  return (
    <nav aria-label="Main" title={busy ? 'Busy' : t('cart')}>
      {t('cart')} {t('held', { count: 1 })}
      Skip to content
      {busy && 'Loading…'}
    </nav>
  );
}`,
      }),
    );
    expect(found).toEqual([
      'web/src/Nav.tsx: literal text outside the catalogue: "Main"',
      'web/src/Nav.tsx: literal text outside the catalogue: "Busy"',
      'web/src/Nav.tsx: literal text outside the catalogue: "Skip to content"',
      'web/src/Nav.tsx: literal text outside the catalogue: "Loading…"',
    ]);
  });

  it('fails on a sentence planted in a mail template, HTML aside', () => {
    const found = messages(
      project({
        ...CLEAN,
        'src/mail/hello.ts': `export const hello = {
  name: 'hello',
  text: (t) => \`<p style="color: red">\${t('hello')} Your order has shipped.</p>\`,
};`,
      }),
    );
    expect(found).toEqual([
      'src/mail/hello.ts: literal text outside the catalogue: "… Your order has shipped."',
    ]);
  });

  it('fails on a key missing in a language, a key no code uses and a key no catalogue has', () => {
    const found = messages(
      project({
        ...CLEAN,
        'web/src/locales/de/common.json': JSON.stringify({ cart: 'Warenkorb' }),
        'src/locales/en/mail.json': JSON.stringify({ hello: 'Hello,', bye: 'Bye' }),
        'src/locales/de/mail.json': JSON.stringify({ hello: 'Guten Tag,', bye: 'Tschüss' }),
        'web/src/Extra.tsx': `export const Extra = ({ t }) => <p>{t('checkout')}</p>;`,
      }),
    );
    expect(found).toEqual(
      expect.arrayContaining([
        'de/common.json: key "common:held" missing in de',
        'mail.json: key "mail:bye" is used nowhere',
        'web/src/Extra.tsx: key "checkout" is in no catalogue',
      ]),
    );
    expect(found).toHaveLength(3);
  });

  it('fails on a message that is not ICU, or whose placeholders differ between languages', () => {
    const found = messages(
      project({
        ...CLEAN,
        'web/src/locales/de/common.json': JSON.stringify({
          cart: 'Warenkorb {',
          held: '{n} reserviert',
        }),
      }),
    );
    expect(found.some((line) => /"common:cart" is not ICU in de/.test(line))).toBe(true);
    expect(found).toContain(
      'de/common.json: key "common:held" takes {n} in de, which en does not give',
    );
  });

  it('allows a listed file not converted yet, and says when a listed file is converted', () => {
    const literal = `export const Old = () => <p>Your cart is empty</p>;`;
    expect(
      messages(project({ ...CLEAN, 'web/src/Old.tsx': literal }, ['web/src/Old.tsx'])),
    ).toEqual([]);
    expect(messages(project(CLEAN, ['web/src/Nav.tsx']))).toEqual([
      'web/src/Nav.tsx: converted: take it off not-yet-converted.json',
    ]);
  });

  it('allows a listed folder, files added to it later included, until none has a literal', () => {
    const literal = `export const Old = () => <p>Your cart is empty</p>;`;
    const files = { ...CLEAN, 'web/src/cart/Old.tsx': literal, 'web/src/cart/New.tsx': literal };
    expect(messages(project(files, ['web/src/cart/']))).toEqual([]);
    expect(
      messages(
        project({ ...CLEAN, 'web/src/cart/Nav.tsx': CLEAN['web/src/Nav.tsx'] }, ['web/src/cart/']),
      ),
    ).toEqual(['web/src/cart/: converted: take it off not-yet-converted.json']);
  });

  it('passes on the repository', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    expect(messages(REPO_OPTIONS(root))).toEqual([]);
  });
});
