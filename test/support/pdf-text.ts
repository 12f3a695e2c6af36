import { inflateSync } from 'node:zlib';

/**
 * The text a PDF drawn by pdfkit with its standard fonts shows, a text object a line:
 * each content stream inflated, each `[…] TJ` array's hex strings decoded (WinAnsi,
 * near enough Latin-1 for the words tests look for) and joined. Enough to assert
 * what an invoice says without a PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  // pdfkit writes LF alone around a stream: a CR before `endstream` is the data's own
  // last byte (taking it as a line end cut one stream in 256 short).
  for (const match of raw.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      content = match[1]!;
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const text = [...array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)]
        .map((hex) => winAnsi(Buffer.from(hex[1]!, 'hex')))
        .join('');
      out.push(text);
    }
  }
  return out.join('\n');
}

const WIN_ANSI: Record<number, string> = { 128: '€', 150: '–', 151: '—', 146: '’' };

function winAnsi(bytes: Buffer): string {
  return [...bytes].map((byte) => WIN_ANSI[byte] ?? String.fromCharCode(byte)).join('');
}
