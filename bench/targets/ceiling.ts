// The ceiling: bare node:http answering the very bytes our server answered, from
// memory. BENCH_SNAPSHOT names a JSON file of { url: { etag, contentType, body } }.
import fs from 'node:fs';
import http from 'node:http';

interface Snapshot {
  etag: string;
  contentType: string;
  body: string;
}

const snapshots = JSON.parse(fs.readFileSync(process.env.BENCH_SNAPSHOT!, 'utf8')) as Record<
  string,
  Snapshot
>;
const responses = new Map(
  Object.entries(snapshots).map(([url, s]) => [url, { ...s, bytes: Buffer.from(s.body) }]),
);

http
  .createServer((req, res) => {
    const found = responses.get(req.url ?? '');
    if (!found) {
      res.writeHead(404).end();
      return;
    }
    if (req.headers['if-none-match'] === found.etag) {
      res.writeHead(304, { etag: found.etag }).end();
      return;
    }
    res
      .writeHead(200, {
        'content-type': found.contentType,
        'content-length': found.bytes.length,
        etag: found.etag,
      })
      .end(found.bytes);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
