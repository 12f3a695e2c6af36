import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

// Markdown by `marked` (CommonMark and GFM, widely used and kept), then cleaned by
// `sanitize-html`: the owner's text may carry pasted HTML, and nothing a page shows
// may run script or load from elsewhere. Neither is written by hand here.
const markdown = new Marked({ gfm: true, breaks: false, async: false });

const ALLOWED = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== 'img'),
    'h1',
    'h2',
    'del',
    'ins',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  // Links leave the shop in a way that tells the other site nothing of the page.
  transformTags: {
    a: (tagName: string, attribs: Record<string, string>) => ({
      tagName,
      attribs: /^https?:/i.test(attribs.href ?? '')
        ? { ...attribs, rel: 'noopener noreferrer nofollow' }
        : attribs,
    }),
  },
} satisfies sanitizeHtml.IOptions;

/** Sanitised HTML of a page's Markdown. */
export function renderPageHtml(source: string): string {
  const html = markdown.parse(source) as string;
  return sanitizeHtml(html, {
    ...ALLOWED,
    allowedAttributes: { ...ALLOWED.allowedAttributes, a: ['href', 'title', 'rel'] },
  });
}

/** The page as plain text (mail: the durable copy the buyer keeps). */
export function pageText(html: string): string {
  return sanitizeHtml(
    html.replace(/<\/(p|h[1-6]|li|tr|blockquote|pre)>/gi, '$&\n\n').replace(/<br\s*\/?>/gi, '\n'),
    { allowedTags: [], allowedAttributes: {} },
  )
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
