import { describe, expect, it } from 'vitest';
import { passwordResetMail } from './password-reset.js';
import { defineTemplate, escapeHtml, MissingMailValueError, renderMail } from './template.js';
import { verificationMail } from './verification.js';

const VERIFY_URL = 'https://shop.example/account/verify#token=abc';
const RESET_URL = 'https://shop.example/account/reset#token=def';

describe('templates declare the values they require (spec 6)', () => {
  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
    ['not a string', 42],
  ])('verification: rendering with a %s verifyUrl throws', (_case, verifyUrl) => {
    const values = { verifyUrl } as unknown as { verifyUrl: string };
    expect(() => renderMail(verificationMail, values)).toThrow(MissingMailValueError);
    expect(() => renderMail(verificationMail, values)).toThrow(/requires verifyUrl/);
  });

  it('password reset: rendering without resetUrl throws', () => {
    expect(() => renderMail(passwordResetMail, {} as { resetUrl: string })).toThrow(
      /"password-reset" requires resetUrl/,
    );
  });

  it('a template for a later mail declares its own requirement the same way (upload link: submitUrl)', () => {
    const uploadLink = defineTemplate<'submitUrl'>({
      name: 'upload-link',
      required: ['submitUrl'],
      subject: () => 'Your upload link',
      text: (v) => v.submitUrl,
      html: (v) => v.submitUrl,
    });
    expect(() => renderMail(uploadLink, {} as { submitUrl: string })).toThrow(/submitUrl/);
    expect(renderMail(uploadLink, { submitUrl: 'https://shop.example/upload/x' }).text).toBe(
      'https://shop.example/upload/x',
    );
  });
});

describe('rendering', () => {
  it('verification: subject, text and HTML carry the link and mention 24 hours', () => {
    const mail = renderMail(verificationMail, { verifyUrl: VERIFY_URL });
    expect(mail.template).toBe('verification');
    expect(mail.subject).toBe('Confirm your email address');
    expect(mail.text).toContain(VERIFY_URL);
    expect(mail.text).toContain('24 hours');
    expect(mail.html).toContain(`href="${VERIFY_URL}"`);
  });

  it('password reset: text and HTML carry the link and mention 1 hour', () => {
    const mail = renderMail(passwordResetMail, { resetUrl: RESET_URL });
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain(RESET_URL);
    expect(mail.text).toContain('1 hour');
    expect(mail.html).toContain(`href="${RESET_URL}"`);
  });

  it('greets by first name, or plainly when there is none', () => {
    expect(renderMail(verificationMail, { verifyUrl: VERIFY_URL, firstName: 'Ann' }).text).toMatch(
      /^Hello Ann,/,
    );
    expect(renderMail(verificationMail, { verifyUrl: VERIFY_URL, firstName: null }).text).toMatch(
      /^Hello,/,
    );
  });

  it('HTML-escapes every value in the HTML part, and leaves the text part as written', () => {
    const firstName = '<script>alert("x")</script> & Co';
    const mail = renderMail(verificationMail, { verifyUrl: `${VERIFY_URL}&a="b"`, firstName });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(mail.html).toContain('token=abc&amp;a=&quot;b&quot;');
    expect(mail.text).toContain(`Hello ${firstName},`);
  });

  it('escapeHtml covers the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href='x'>"&"</a>`)).toBe(
      '&lt;a href=&#39;x&#39;&gt;&quot;&amp;&quot;&lt;/a&gt;',
    );
  });
});
