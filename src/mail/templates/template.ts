import type { ShopLanguage } from '../../config.js';
import { type MailT, mailT, SOURCE_LANGUAGE } from '../../i18n/mail.js';

/** A message ready to send: what every template renders to. */
export interface RenderedMail {
  /** The template's name, for log lines (never the content: links carry tokens). */
  template: string;
  subject: string;
  text: string;
  html: string;
}

/** A template was asked to render without a value it cannot do without. */
export class MissingMailValueError extends Error {
  override name = 'MissingMailValueError';
}

type Values<R extends string, O extends string> = { readonly [K in R]: string } & {
  readonly [K in O]?: string | null;
};

/**
 * A mail template: the values it cannot be sent without, and its subject, plain
 * text and HTML, each given the mail catalogue of the recipient's language (`t`).
 * `html` receives the values already HTML-escaped.
 */
export interface MailTemplate<R extends string, O extends string = never> {
  readonly name: string;
  readonly required: readonly R[];
  readonly subject: (values: Values<R, O>, t: MailT) => string;
  readonly text: (values: Values<R, O>, t: MailT) => string;
  readonly html: (escaped: Values<R, O>, t: MailT) => string;
}

export function defineTemplate<R extends string, O extends string = never>(
  template: MailTemplate<R, O>,
): MailTemplate<R, O> {
  return template;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * Renders a template. A required value that is missing, not a string or blank
 * throws, so a mail without its link (verifyUrl, resetUrl, submitUrl) can never
 * be sent (spec 6). Rendering is pure: services render before they commit and
 * send after, so a missing value rolls the change back instead of losing the mail.
 */
export function renderMail<R extends string, O extends string>(
  template: MailTemplate<R, O>,
  values: Values<R, O>,
  /** The recipient's language: their stored choice, else the shop's (SHOP_LANGUAGE). */
  language: ShopLanguage = SOURCE_LANGUAGE,
): RenderedMail {
  const given = values as Readonly<Record<string, unknown>>;
  for (const key of template.required) {
    const value = given[key];
    if (typeof value !== 'string' || value.trim() === '') {
      throw new MissingMailValueError(`The mail template "${template.name}" requires ${key}.`);
    }
  }
  const escaped = Object.fromEntries(
    Object.entries(given).map(([key, value]) => [
      key,
      typeof value === 'string' ? escapeHtml(value) : value,
    ]),
  ) as Values<R, O>;
  const t = mailT(language);
  return {
    template: template.name,
    subject: template.subject(values, t),
    text: template.text(values, t),
    // The layout writes the document; its language is the mail's.
    html: template.html(escaped, t).replace('<html lang="en">', `<html lang="${language}">`),
  };
}
