import type { Hono } from 'hono';
import { expect } from 'vitest';

/** A minimal cookie jar for following the sign-in redirects by hand. */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

type App = Hono;

export const ORIGIN = 'http://127.0.0.1:3999';

export async function request(app: App, jar: CookieJar, url: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (jar.cookies.size) headers.set('cookie', jar.header());
  return jar.take(await app.request(url, { ...init, headers }));
}

/** /api/auth/twitter/login → X's consent page; returns the authorize URL and the form nonce. */
export async function startLogin(app: App, jar: CookieJar, returnTo?: string) {
  const q = returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`;
  const login = await request(app, jar, `/api/auth/twitter/login${q}`);
  expect(login.status).toBe(302);
  const authorizeUrl = login.headers.get('location')!;
  const page = await request(app, jar, authorizeUrl);
  expect(page.status).toBe(200);
  const nonce = /name="nonce" value="([^"]+)"/.exec(await page.text())?.[1];
  expect(nonce).toBeTruthy();
  return { authorizeUrl: new URL(authorizeUrl), nonce: nonce! };
}

/** Answers the local X's consent form; returns where X sends the browser back (the callback). */
export async function answerConsent(
  app: App,
  jar: CookieJar,
  p: { nonce: string; username: string; decision: 'allow' | 'deny' },
) {
  const res = await request(app, jar, `${ORIGIN}/sandbox/x/i/oauth2/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    body: new URLSearchParams(p).toString(),
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

/** The whole sign-in as a browser does it; returns the final redirect target. */
export async function signIn(app: App, jar: CookieJar, username: string, returnTo?: string) {
  const { nonce } = await startLogin(app, jar, returnTo);
  const callback = await answerConsent(app, jar, { nonce, username, decision: 'allow' });
  const done = await request(app, jar, callback.pathname + callback.search);
  expect(done.status).toBe(302);
  return done.headers.get('location')!;
}

/**
 * The signed-in user grants posting on X, as the /authorize-twitter page does it: Authorize →
 * `GET /api/twitter/authorize` → X's consent → the callback; returns the authorize URL X was
 * sent to and where the browser lands.
 */
export async function grantPosting(app: App, jar: CookieJar, username: string) {
  const start = await request(app, jar, '/api/twitter/authorize');
  expect(start.status).toBe(302);
  const authorizeUrl = new URL(start.headers.get('location')!);
  const page = await request(app, jar, authorizeUrl.toString());
  expect(page.status).toBe(200);
  const nonce = /name="nonce" value="([^"]+)"/.exec(await page.text())?.[1];
  expect(nonce).toBeTruthy();
  const callback = await answerConsent(app, jar, { nonce: nonce!, username, decision: 'allow' });
  const done = await request(app, jar, callback.pathname + callback.search);
  expect(done.status).toBe(302);
  return { authorizeUrl, landing: done.headers.get('location')! };
}
