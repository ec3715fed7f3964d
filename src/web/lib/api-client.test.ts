import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  defaultQueryFn,
  readServerErrorText,
  serverErrorText,
  throwIfResNotOk,
} from './api-client';

const queryContext = (queryKey: unknown[]) =>
  ({ queryKey, signal: new AbortController().signal, meta: undefined }) as unknown as Parameters<
    typeof defaultQueryFn
  >[0];

describe('throwIfResNotOk', () => {
  it('passes OK responses', async () => {
    await expect(throwIfResNotOk(new Response('{}', { status: 200 }))).resolves.toBeUndefined();
  });

  it('reports status and status text for 5xx, never the body', async () => {
    const res = new Response('stack trace', { status: 502, statusText: 'Bad Gateway' });
    await expect(throwIfResNotOk(res)).rejects.toThrow(/^502: Bad Gateway$/);
  });

  it('reports status and body text for other failures', async () => {
    const res = new Response('{"error":"nope"}', { status: 404, statusText: 'Not Found' });
    await expect(throwIfResNotOk(res)).rejects.toThrow('404: {"error":"nope"}');
  });
});

describe('defaultQueryFn', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('GETs the first key element with credentials and parses JSON', async () => {
    const fetchMock = vi.fn(async () => new Response('{"a":1}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(defaultQueryFn(queryContext(['/api/x', { page: 2 }]))).resolves.toEqual({ a: 1 });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/x',
      expect.objectContaining({ credentials: 'include' }),
    );
  });

  it('throws the status code and body text on failure', async () => {
    vi.stubGlobal('fetch', async () => new Response('gone', { status: 410 }));
    await expect(defaultQueryFn(queryContext(['/api/x']))).rejects.toThrow('410: gone');
  });
});

describe('serverErrorText', () => {
  it('reads {error:{message}} and {error: string}', () => {
    expect(serverErrorText({ error: { code: 'x', message: 'Bad address' } })).toBe('Bad address');
    expect(serverErrorText({ error: 'Already linked' })).toBe('Already linked');
  });

  it('returns null when there is no usable text', () => {
    for (const body of [null, 'text', {}, { error: '' }, { error: { code: 'x' } }, { error: 3 }]) {
      expect(serverErrorText(body)).toBeNull();
    }
  });

  it('tolerates a body that is not JSON', async () => {
    await expect(readServerErrorText(new Response('<html>', { status: 400 }))).resolves.toBeNull();
  });
});
