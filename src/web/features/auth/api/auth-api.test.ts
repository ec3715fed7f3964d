import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCurrentUser, loginUrl, postLinkWallet, postLogout } from './auth-api';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('loginUrl', () => {
  it('sends the current path and query as an encoded returnTo', () => {
    expect(loginUrl('/polymarket', '?tab=open&x=a b')).toBe(
      `/api/auth/twitter/login?returnTo=${encodeURIComponent('/polymarket?tab=open&x=a b')}`,
    );
    expect(loginUrl('/', '')).toBe('/api/auth/twitter/login?returnTo=%2F');
  });
});

describe('fetchCurrentUser', () => {
  it('returns the user body', async () => {
    const alice = {
      username: 'alice',
      displayName: 'Alice',
      profileImageUrl: null,
      twitterId: '42',
      createdAt: '2026-11-01T00:00:00.000Z',
      lastLoginAt: null,
      xCreatedAt: null,
      linkedWalletAddress: null,
      dagAddress: 'DAG1',
    };
    vi.stubGlobal('fetch', async () => Response.json(alice));
    await expect(fetchCurrentUser()).resolves.toEqual(alice);
  });

  it('reads a body without the name and id as no user', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ username: 'alice' }));
    await expect(fetchCurrentUser()).resolves.toBeNull();
  });

  it('treats 401 as signed out without logging', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 401 }));
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(log).not.toHaveBeenCalled();
  });

  it('treats any other failure as signed out and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', async () => new Response('boom', { status: 500 }));
    await expect(fetchCurrentUser()).resolves.toBeNull();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('offline');
    });
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[0]?.[0]).toBe('Failed to fetch user');
  });
});

describe('postLogout / postLinkWallet', () => {
  it('logout rejects with "Logout failed" on a non-OK answer', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 500 }));
    await expect(postLogout()).rejects.toThrow('Logout failed');
  });

  it('link-wallet reports the server text, else a fallback', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: { code: 'bad', message: 'Invalid DAG address' } }, { status: 400 }),
    );
    await expect(postLinkWallet({ walletAddress: 'x' })).rejects.toThrow('Invalid DAG address');
    vi.stubGlobal('fetch', async () => new Response('oops', { status: 502 }));
    await expect(postLinkWallet({ walletAddress: 'x' })).rejects.toThrow('Failed to link wallet');
  });

  it('link-wallet POSTs the payload as JSON with credentials', async () => {
    const fetchMock = vi.fn(async () => Response.json({ success: true, walletAddress: 'DAG1' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(postLinkWallet({ walletAddress: 'DAG1' })).resolves.toEqual({
      success: true,
      walletAddress: 'DAG1',
    });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/link-wallet',
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        body: '{"walletAddress":"DAG1"}',
      }),
    );
  });
});
