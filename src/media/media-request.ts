import type { FastifyRequest } from 'fastify';
import type { ReadConditions } from './storage.js';

// One range in bytes (`a-b`, `a-`, `-n`). Several ranges or another unit get the
// whole object, as the static server answers them from disk.
const ONE_BYTE_RANGE = /^bytes=(?:(\d{1,15})-(\d{0,15})|-(\d{1,15}))$/;
// An entity tag list longer than this is not one a cache of ours sent.
const MAX_VALIDATOR_LENGTH = 1024;

/** The range and cache validators of a GET or HEAD on /media/*, bounded and checked. */
export function readConditionsOf(
  request: FastifyRequest,
): ReadConditions & { backwardsRange?: true } {
  const conditions: ReadConditions & { backwardsRange?: true } = {
    headOnly: request.method === 'HEAD',
  };
  const range = request.headers.range?.trim();
  const match = range ? ONE_BYTE_RANGE.exec(range) : null;
  const [, first, last] = match ?? [];
  // `bytes=20-10`: the static server answers 416 and so do we; S3 would serve it whole.
  if (first !== undefined && last && Number(last) < Number(first)) conditions.backwardsRange = true;
  else if (match) conditions.range = range;
  const noneMatch = request.headers['if-none-match']?.trim();
  if (noneMatch && noneMatch.length <= MAX_VALIDATOR_LENGTH) {
    conditions.ifNoneMatch = noneMatch;
  } else if (!noneMatch) {
    // If-None-Match, when sent, decides alone (RFC 9110 13.1.3).
    const since = Date.parse(request.headers['if-modified-since'] ?? '');
    if (!Number.isNaN(since)) conditions.ifModifiedSince = new Date(since);
  }
  return conditions;
}
