import { Hono } from 'hono';
import type { SandboxService } from './sandbox-service.ts';
import { USERNAME_PATTERN } from './x/ids.ts';
import { EXAMPLE_HANDLES } from './x/service.ts';
import { escapeHtml } from './x/web/html.ts';

type Svc = Pick<SandboxService, 'path' | 'app'>;

/** Where the product's 'Sign in with X' starts; it sends the browser to the local X's consent. */
export const PRODUCT_SIGN_IN = '/api/auth/twitter/login?returnTo=%2Fdashboard';
/** Accounts listed besides the docs' example handles: the newest ones. */
const RECENT = 20;

/**
 * The sandbox users on `/sandbox`, each with 'Sign in as'. The button signs the browser in to
 * the local X as that user (its own sign-in form, so its own session cookie), then starts the
 * product's sign-in: the local X's consent screen opens with that username filled in, and
 * 'Authorize app' finishes the real OAuth flow. Nothing is skipped, so it proves what X would do.
 */
export function sandboxUsers(x: Svc, opts: { agentHandle: string }) {
  const app = new Hono();
  const back = (message: string) => `/sandbox?flash=${encodeURIComponent(message)}`;

  app.post('/_admin/forms/sign-in-as', async (c) => {
    const form = await c.req.parseBody();
    const username = String(form.username ?? '')
      .trim()
      .replace(/^@/, '');
    if (!USERNAME_PATTERN.test(username)) return c.redirect(back('Not a local X username.'), 303);
    const res = await x.app.request('/i/flow/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, next: `${x.path}/home` }),
    });
    const session = res.headers.get('set-cookie');
    if (res.status !== 303 || !session) {
      return c.redirect(back(`The local X did not sign in @${username}.`), 303);
    }
    // The local X's own cookie (Path=/sandbox/x), as if its sign-in page had answered.
    c.header('set-cookie', session);
    return c.redirect(PRODUCT_SIGN_IN, 303);
  });

  /** The docs' example handles first, then the newest accounts; never the agent's own. */
  async function list(): Promise<string[]> {
    const res = await x.app.request(`/_admin/users?limit=${RECENT}`);
    const recent = res.ok ? ((await res.json()) as { username: string }[]) : [];
    const seen = new Set([opts.agentHandle.toLowerCase()]);
    return [...EXAMPLE_HANDLES, ...recent.map((u) => u.username)].filter((u) => {
      const key = u.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  async function section(): Promise<string> {
    const rows = (await list())
      .map((u) => {
        const handle = escapeHtml(u);
        return `<li><a href="${escapeHtml(x.path)}/${handle}">@${handle}</a> <form class="inline" method="post" action="/sandbox/_admin/forms/sign-in-as"><input type="hidden" name="username" value="${handle}"><button type="submit">Sign in as @${handle}</button></form></li>`;
      })
      .join('');
    return `<h2>Sandbox users</h2><p>Accounts on the local X. 'Sign in as' opens the local X’s consent screen with that user filled in; 'Authorize app' signs you in to the site.</p><ul class="users">${rows}</ul>`;
  }

  return { app, section };
}
