import { mintToken } from '../../auth/tokens.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { renderMail } from '../../mail/templates/template.js';
import { uploadLinkMail } from '../../mail/templates/upload-link.js';
import { uploadLinksRepository } from './upload-links.repository.js';

/** New links are capped unless the admin says otherwise (contract: default cap 20; null means unlimited). */
const DEFAULT_MAX_SUBMISSIONS = 20;

function uploadPageUrl(publicBaseUrl: URL, token: string): string {
  return new URL(`/upload/${token}`, publicBaseUrl).href;
}

export function uploadLinksService(
  ctx: Pick<AppContext, 'db' | 'config' | 'random' | 'outbox' | 'clock'>,
) {
  const links = uploadLinksRepository(ctx.db);

  return {
    /**
     * Creates a link and mails it to its contact. The token appears in this
     * answer and the mail only; the database keeps its digest (spec 2 upload_links).
     */
    async create(input: {
      contactEmail: string;
      maxSubmissions?: number | null;
      label?: string | null;
    }) {
      const { token, digest } = mintToken(ctx.random);
      const url = uploadPageUrl(ctx.config.publicBaseUrl, token);
      const label = input.label?.trim() || null;
      // Rendered before the insert: a mail that cannot carry its link fails the whole operation.
      const mail = renderMail(uploadLinkMail, { submitUrl: url, label }, ctx.config.shopLanguage);
      const contactEmail = input.contactEmail.trim();
      const link = await ctx.db.transaction().execute(async (trx) => {
        const link = await uploadLinksRepository(trx).create({
          tokenDigest: digest,
          contactEmail,
          maxSubmissions:
            input.maxSubmissions === undefined ? DEFAULT_MAX_SUBMISSIONS : input.maxSubmissions,
          label,
        });
        await ctx.outbox.queue(trx, { ...mail, to: contactEmail });
        return link;
      });
      return { ...link, token, url };
    },

    list: () => links.list(),

    async revoke(id: number) {
      const link = await links.revoke(id, ctx.clock.now());
      if (!link) throw notFound('No such upload link.');
      return link;
    },
  };
}
