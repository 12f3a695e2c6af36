import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging.js';

describe('URLs in log lines', () => {
  it.each([
    ['/api/upload-links/abcDEF123_-xyz', '/api/upload-links/[redacted]'],
    ['/api/upload-links/abcDEF123/submissions', '/api/upload-links/[redacted]/submissions'],
    ['/upload/abcDEF123', '/upload/[redacted]'],
    ['/account/verify?token=abc&x=1', '/account/verify?token=[redacted]&x=1'],
    ['/x?reset_token=abc', '/x?reset_token=[redacted]'],
    ['/api/items?category=3&tags=teak', '/api/items?category=3&tags=teak'],
    ['/api/admin/upload-links/12/revoke', '/api/admin/upload-links/12/revoke'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
