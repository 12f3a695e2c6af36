import fs from 'node:fs/promises';
import path from 'node:path';
import { ADMIN } from './shop-server.js';

/**
 * The shop owner through the admin API (the admin pages come later): sign in once, then
 * create upload links, publish items, read what arrived.
 */
export async function adminApi(baseUrl: string) {
  const login = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`admin login ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

  async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  }

  return {
    call,
    createUploadLink: (contactEmail: string, maxSubmissions = 20) =>
      call<{ id: number; token: string; url: string }>('POST', '/api/admin/upload-links', {
        contact_email: contactEmail,
        max_submissions: maxSubmissions,
        label: 'browser test',
      }),
    pendingItems: () =>
      call<{ items: Array<{ id: number; title: string; images: unknown[] }> }>(
        'GET',
        '/api/admin/items?status=pending',
      ),
    publish: (id: number) => call('POST', `/api/admin/items/${id}/publish`),
    edit: (id: number, fields: Record<string, unknown>) =>
      call('PATCH', `/api/admin/items/${id}`, fields),
  };
}

/** Submits photos through an upload link as a phone would, without the page (seeding). */
export async function submitThroughLink(
  baseUrl: string,
  token: string,
  files: string[],
  note: string,
  callerAddress: string,
): Promise<void> {
  const form = new FormData();
  form.append('note', note);
  for (const file of files)
    form.append(
      'photos',
      new Blob([await fs.readFile(file)], { type: 'image/jpeg' }),
      path.basename(file),
    );
  const res = await fetch(`${baseUrl}/api/upload-links/${token}/submissions`, {
    method: 'POST',
    headers: { 'x-forwarded-for': callerAddress },
    body: form,
  });
  if (res.status !== 201) throw new Error(`submission ${res.status} ${await res.text()}`);
}
