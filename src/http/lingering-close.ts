import type { FastifyReply, FastifyRequest } from 'fastify';

export interface LingerLimits {
  /** At most this many body bytes are read and thrown away (the route's body limit). */
  maxBytes: number;
  /** And for at most this long after the answer. */
  maxMs: number;
}

/**
 * An onSend hook for routes that refuse a large body before reading it (an unusable
 * upload link, a spent allowance): a "lingering close". Closing the socket while the
 * client is still sending makes its TCP stack reset the connection, and a real client
 * (browsers, Node's fetch) then reports EPIPE or a network error instead of the 404/429
 * it was sent. So the rest of the body is read and discarded, bounded in bytes and in
 * time; past either bound, or when the declared length is already over it, the
 * connection is cut. Nothing read this way is kept anywhere.
 */
export function lingerOnRefusal(limits: LingerLimits) {
  return async function lingerHook(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (reply.statusCode < 400) return;
    const raw = request.raw;
    if (raw.complete || raw.readableEnded || raw.destroyed) return;
    const declared = Number(raw.headers['content-length']);
    if (Number.isFinite(declared) && declared > limits.maxBytes) {
      reply.header('connection', 'close');
      return;
    }
    discardRestOfBody(raw, limits);
  };
}

function discardRestOfBody(raw: FastifyRequest['raw'], limits: LingerLimits): void {
  const socket = raw.socket;
  let received = 0;
  const cut = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(cut, limits.maxMs);
  timer.unref();
  raw.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > limits.maxBytes) cut();
  });
  // The whole body read: the connection is clean again and may carry the next request.
  raw.once('end', () => clearTimeout(timer));
  raw.once('close', () => clearTimeout(timer));
  raw.resume();
}
