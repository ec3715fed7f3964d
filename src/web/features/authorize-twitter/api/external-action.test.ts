import { afterEach, describe, expect, it, vi } from 'vitest';
import { authorizeExternal } from './authorize-external';
import { fetchAuthorizationStatus, NOT_AUTHORIZED } from './get-authorization-status';
import { revokeExternal } from './revoke-external';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('authorize / revoke outcomes', () => {
  it('reports the fixed success texts', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ success: true, message: 'other' }));
    await expect(authorizeExternal()).resolves.toEqual({
      ok: true,
      message: 'Authorization successful! Your tokens have been stored securely.',
    });
    await expect(revokeExternal()).resolves.toEqual({
      ok: true,
      message: 'Authorization revoked successfully.',
    });
  });

  it("reports the server's error text, else the fallback", async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: { code: 'x', message: 'Sign in again' } }, { status: 400 }),
    );
    await expect(authorizeExternal()).resolves.toEqual({ ok: false, message: 'Sign in again' });
    vi.stubGlobal('fetch', async () => new Response('<html>', { status: 502 }));
    await expect(authorizeExternal()).resolves.toEqual({
      ok: false,
      message: 'Authorization failed',
    });
    await expect(revokeExternal()).resolves.toEqual({ ok: false, message: 'Revocation failed' });
  });

  it('sends the browser to X’s consent for posting when the user has not granted it yet', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json(
        { error: { code: 'x_consent_required', message: 'Allow posting for you on X first' } },
        { status: 409 },
      ),
    );
    const went: string[] = [];
    await expect(authorizeExternal((url) => went.push(url))).resolves.toEqual({
      ok: true,
      message: 'Continuing on X…',
    });
    expect(went).toEqual(['/api/twitter/authorize']);
  });

  it('reports a network failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(revokeExternal()).resolves.toEqual({
      ok: false,
      message: 'Network error occurred',
    });
  });
});

describe('fetchAuthorizationStatus', () => {
  it('reads the status body', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({
        isAuthorized: true,
        state: 'authorized',
        scopes: ['tweet.read'],
        expiresAt: '2026-11-22T10:00:00.000Z',
        lastUsedAt: null,
        allowedProjects: [{ id: 'prj_1', name: 'One' }],
      }),
    );
    await expect(fetchAuthorizationStatus()).resolves.toEqual({
      isAuthorized: true,
      state: 'authorized',
      scopes: ['tweet.read'],
      expiresAt: '2026-11-22T10:00:00.000Z',
      lastUsedAt: null,
      allowedProjects: [{ id: 'prj_1', name: 'One' }],
    });
  });

  it('treats a non-OK answer, no answer or another shape as not authorized', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ isAuthorized: true }, { status: 500 }));
    await expect(fetchAuthorizationStatus()).resolves.toEqual(NOT_AUTHORIZED);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', async () => Response.json({ isAuthorized: true, scopes: [7] }));
    await expect(fetchAuthorizationStatus()).resolves.toEqual(NOT_AUTHORIZED);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('offline');
    });
    await expect(fetchAuthorizationStatus()).resolves.toEqual(NOT_AUTHORIZED);
  });
});
