// The ceiling: bare node:http answering the very bytes our server answered, from
// memory: the same headers (security headers, ETag, Cache-Control, type) and body.
// BENCH_SNAPSHOT names a JSON file of { url: { etag, headers, body } }.
import fs from 'node:fs';
import http from 'node:http';
import type { Snapshot } from '../corpus.js';

const snapshots = JSON.parse(fs.readFileSync(process.env.BENCH_SNAPSHOT!, 'utf8')) as Record<
  string,
  Snapshot
>;
const responses = new Map(
  Object.entries(snapshots).map(([url, s]) => {
    const bytes = Buffer.from(s.body);
    const { 'content-type': _type, ...notModified } = s.headers;
    return [
      url,
      { etag: s.etag, bytes, notModified, ok: { ...s.headers, 'content-length': bytes.length } },
    ];
  }),
);

http
  .createServer((req, res) => {
    const found = responses.get(req.url ?? '');
    if (!found) {
      res.writeHead(404).end();
      return;
    }
    if (req.headers['if-none-match'] === found.etag) {
      res.writeHead(304, found.notModified).end();
      return;
    }
    res.writeHead(200, found.ok).end(found.bytes);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
