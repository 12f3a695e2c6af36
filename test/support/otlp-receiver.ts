import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import protobuf from 'protobufjs';

// The part of OTLP's trace protocol a test reads (opentelemetry-proto,
// collector/trace/v1 and trace/v1); field numbers as there, unknown fields skipped.
const PROTO = `
syntax = "proto3";
package otlp;
message ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }
message ResourceSpans { Resource resource = 1; repeated ScopeSpans scope_spans = 2; }
message Resource { repeated KeyValue attributes = 1; }
message ScopeSpans { InstrumentationScope scope = 1; repeated Span spans = 2; }
message InstrumentationScope { string name = 1; string version = 2; }
message Span {
  bytes trace_id = 1; bytes span_id = 2; string trace_state = 3; bytes parent_span_id = 4;
  string name = 5; int32 kind = 6; fixed64 start_time_unix_nano = 7; fixed64 end_time_unix_nano = 8;
  repeated KeyValue attributes = 9;
}
message KeyValue { string key = 1; AnyValue value = 2; }
message AnyValue {
  oneof value {
    string string_value = 1; bool bool_value = 2; int64 int_value = 3; double double_value = 4;
    ArrayValue array_value = 5; KeyValueList kvlist_value = 6; bytes bytes_value = 7;
  }
}
message ArrayValue { repeated AnyValue values = 1; }
message KeyValueList { repeated KeyValue values = 1; }
`;

const Request = protobuf
  .parse(PROTO, { keepCase: true })
  .root.lookupType('otlp.ExportTraceServiceRequest');

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  scope: string;
  service: string;
  attributes: Record<string, unknown>;
}

type AnyValue = Record<string, unknown>;
type KeyValue = { key: string; value?: AnyValue };

function anyValue(value: AnyValue | undefined): unknown {
  if (!value) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'array_value')
      return ((inner as { values?: AnyValue[] }).values ?? []).map(anyValue);
    if (key === 'kvlist_value') return attributesOf((inner as { values?: KeyValue[] }).values);
    if (key === 'int_value') return Number(inner);
    return inner;
  }
  return undefined;
}

function attributesOf(list: KeyValue[] = []): Record<string, unknown> {
  return Object.fromEntries(list.map((kv) => [kv.key, anyValue(kv.value)]));
}

const hex = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString('hex');

/**
 * An OTLP/HTTP trace receiver on loopback, as a collector would run one: it
 * decodes each export (protobuf, the SDK's default; JSON too) into spans.
 */
export async function otlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const others: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = zlib.gunzipSync(body);
      // Metrics and logs have paths of their own; only traces are read here.
      if (req.url !== '/v1/traces') {
        others.push(req.url ?? '');
        res.end();
        return;
      }
      const decoded = (
        String(req.headers['content-type']).includes('json')
          ? JSON.parse(body.toString('utf8'))
          : Request.toObject(Request.decode(body), { longs: String, bytes: Buffer })
      ) as {
        resource_spans?: Array<{
          resource?: { attributes?: KeyValue[] };
          scope_spans?: Array<{
            scope?: { name: string };
            spans?: Array<Record<string, unknown>>;
          }>;
        }>;
      };
      for (const resource of decoded.resource_spans ?? []) {
        const service = String(attributesOf(resource.resource?.attributes)['service.name']);
        for (const scope of resource.scope_spans ?? []) {
          for (const span of scope.spans ?? []) {
            spans.push({
              traceId: hex(span.trace_id as Uint8Array),
              spanId: hex(span.span_id as Uint8Array),
              parentSpanId: hex(span.parent_span_id as Uint8Array),
              name: String(span.name),
              kind: Number(span.kind ?? 0),
              scope: scope.scope?.name ?? '',
              service,
              attributes: attributesOf(span.attributes as KeyValue[]),
            });
          }
        }
      }
      res.statusCode = 200;
      res.setHeader('content-type', 'application/x-protobuf');
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    /** Paths of exports that were not traces (the service sends none). */
    others,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
