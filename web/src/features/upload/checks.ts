import type { LinkStatus } from '../../lib/api-client';
import { formatBytes } from '../../lib/format';

/**
 * The checks the server will make, made first on the phone with the server's own limits
 * (from the read-link answer), so a submitter learns about a wrong file before uploading.
 */
export function problemsWith(files: File[], limits: LinkStatus): string[] {
  const problems: string[] = [];
  if (files.length > limits.max_files)
    problems.push(`Choose at most ${limits.max_files} photos (you chose ${files.length}).`);
  for (const file of files) {
    if (!limits.accepted_types.includes(file.type))
      problems.push(`“${file.name}” is not a JPEG, PNG or WebP photo.`);
    else if (file.size > limits.max_file_bytes)
      problems.push(
        `“${file.name}” is ${formatBytes(file.size)}; the limit is ${formatBytes(limits.max_file_bytes)}.`,
      );
  }
  return problems;
}
