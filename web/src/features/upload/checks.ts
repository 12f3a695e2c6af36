import i18next from 'i18next';
import type { LinkStatus } from '../../lib/api-client';
import { formatBytes } from '../../lib/format';

/**
 * The checks the server will make, made first on the phone with the server's own limits
 * (from the read-link answer), so a submitter learns about a wrong file before uploading.
 */
export function problemsWith(files: File[], limits: LinkStatus): string[] {
  const t = (key: string, values: Record<string, unknown>) =>
    i18next.t(key, { ns: 'upload', ...values });
  const problems: string[] = [];
  if (files.length > limits.max_files)
    problems.push(t('problems.tooMany', { max: limits.max_files, chosen: files.length }));
  for (const file of files) {
    if (!limits.accepted_types.includes(file.type))
      problems.push(t('problems.type', { name: file.name }));
    else if (file.size > limits.max_file_bytes)
      problems.push(
        t('problems.size', {
          name: file.name,
          size: formatBytes(file.size),
          limit: formatBytes(limits.max_file_bytes),
        }),
      );
  }
  return problems;
}
