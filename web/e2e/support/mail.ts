import fs from 'node:fs/promises';
import path from 'node:path';

/** The readable text of an .eml file: quoted-printable and base64 parts decoded. */
function decode(eml: string): string {
  const qp = eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const base64Parts = [...eml.matchAll(/base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) =>
    Buffer.from((m[1] ?? '').replace(/\s/g, ''), 'base64').toString('utf8'),
  );
  return [qp, ...base64Parts].join('\n');
}

/**
 * Waits for a mail of `template` to `to` in DATA_DIR/mail and returns the first link in it
 * that starts with `linkPrefix` (the shop writes mail there when SMTP_URL is unset).
 */
export async function linkFromMail(
  dataDir: string,
  template: string,
  to: string,
  linkPrefix: string,
): Promise<string> {
  const dir = path.join(dataDir, 'mail');
  const deadline = Date.now() + 20_000;
  const pattern = new RegExp(`${linkPrefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}[^\\s"'<>]+`);
  for (;;) {
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    for (const name of names
      .filter((n) => n.includes(template))
      .sort()
      .reverse()) {
      const text = decode(await fs.readFile(path.join(dir, name), 'utf8'));
      if (!text.toLowerCase().includes(to.toLowerCase())) continue;
      const link = text.match(pattern)?.[0];
      if (link) return link.replace(/&amp;/g, '&');
    }
    if (Date.now() > deadline) throw new Error(`no ${template} mail to ${to} with ${linkPrefix}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Quoted-printable to bytes, then UTF-8 text (a multi-byte letter spans several =XX). */
function quotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The HTML part of the newest `template` mail to `to` in DATA_DIR/mail, decoded. */
export async function htmlFromMail(dataDir: string, template: string, to: string): Promise<string> {
  const dir = path.join(dataDir, 'mail');
  const deadline = Date.now() + 20_000;
  for (;;) {
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    for (const name of names
      .filter((n) => n.includes(template))
      .sort()
      .reverse()) {
      const eml = await fs.readFile(path.join(dir, name), 'utf8');
      if (!decode(eml).toLowerCase().includes(to.toLowerCase())) continue;
      const part = eml
        .split(/\r?\n--[^\r\n]+\r?\n/)
        .find((p) => /^Content-Type: text\/html/im.test(p));
      if (!part) continue;
      const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join('\n\n').replace(/\r?\n--[^\r\n]+--\s*$/, '');
      if (/Content-Transfer-Encoding: base64/i.test(head))
        return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
      if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) return quotedPrintable(body);
      return body;
    }
    if (Date.now() > deadline) throw new Error(`no ${template} mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
