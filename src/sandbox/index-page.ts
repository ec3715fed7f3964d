import { Hono } from 'hono';
import { agentStatusSection } from './index-agent-status.ts';
import { signedInWallet } from './index-signed-in.ts';
import { PRODUCT_SIGN_IN, sandboxUsers } from './index-users.ts';
import type { FailedTwin, SandboxService } from './sandbox-service.ts';

/** What each twin stands in for, and the settings that point the product at the real service. */
const REPLACED_BY: Record<string, string> = {
  x: 'X (x.com): X_CLIENT_ID, X_CLIENT_SECRET, X_API_URL…',
  constellation: 'Constellation mainnet: CONSTELLATION_*_URL, CONSTELLATION_UP_METAGRAPH_ID',
  base: 'Base: BASE_RPC_URL, BASE_UP_CONTRACT',
  evidence: 'Constellation Digital Evidence: EVIDENCE_API_URL, EVIDENCE_API_KEY…',
  polymarket: 'Polymarket Data/CLOB/Gamma: POLYMARKET_*',
  llm: 'An OpenAI-compatible model: LLM_BASE_URL, LLM_API_KEY, LLM_MODEL',
  market: 'CoinGecko simple/price: MARKET_API_URL, MARKET_API_KEY',
};
/** Pages of a twin a person can open in a browser (paths under the twin). */
const BROWSABLE: Record<string, [string, string][]> = {
  x: [['/home', 'Local X timeline']],
  constellation: [['/explorer', 'Block explorer']],
  market: [['', 'UP price']],
};

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const wantsHtml = (accept: string | undefined) => /text\/html/.test(accept ?? '');

type Svc = Pick<SandboxService, 'name' | 'path' | 'app'>;

/**
 * `GET /sandbox` for a browser: every twin with its links and what replaces it in production, a
 * the agent's status, the local X's users with 'sign in as', a faucet form and a 'post as' form
 * for the local X (plain HTML forms: they work without JavaScript and go through the same admin
 * routes as tools, behind the same-site guard). No secret appears: only names, URLs and what
 * people type.
 */
export function sandboxIndexPage(ctx: {
  publicUrl: string;
  productName: string;
  agentHandle: string;
  services: Svc[];
  /** Twins that could not start: listed as failed, with what failed. */
  failed?: readonly FailedTwin[];
  /** In-process HTTP to this server: the agent's status comes from its public endpoint. */
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
}) {
  const app = new Hono();
  const twin = (name: string) => ctx.services.find((s) => s.name === name);
  const users = sandboxUsers(twin('x')!, { agentHandle: ctx.agentHandle });
  const agentStatus = agentStatusSection(ctx);
  const whoIsSignedIn = signedInWallet(ctx);
  app.route('/', users.app);
  const back = (c: { redirect: (u: string, s: 303) => Response }, message: string) =>
    c.redirect(`/sandbox?flash=${encodeURIComponent(message)}`, 303);

  app.post('/_admin/forms/faucet', async (c) => {
    const form = await c.req.parseBody();
    const body = {
      address: String(form.address ?? '').trim(),
      token: String(form.token ?? 'UP'),
      tokens: String(form.tokens ?? '').trim(),
    };
    const res = await twin('constellation')!.app.request('/_admin/faucet', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = res.ok
      ? `Sent ${body.tokens} ${body.token} to ${body.address}; it counts from the next snapshot.`
      : `Faucet refused: ${await res.text()}`;
    return back(c, text);
  });
  app.post('/_admin/forms/post', async (c) => {
    const form = await c.req.parseBody();
    const body = {
      username: String(form.username ?? '')
        .trim()
        .replace(/^@/, ''),
      text: String(form.text ?? ''),
    };
    const res = await twin('x')!.app.request('/_admin/posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return back(
      c,
      res.ok
        ? `Posted as @${body.username}. Replies show on the local X timeline.`
        : `Not posted: ${await res.text()}`,
    );
  });

  return {
    app,
    /** Serves the HTML page when the client asks for HTML; null means "answer with the JSON". */
    async html(
      accept: string | undefined,
      flash: string | undefined,
      cookie?: string,
    ): Promise<string | null> {
      if (!wantsHtml(accept)) return null;
      const [status, userList, me] = await Promise.all([
        agentStatus(),
        users.section(),
        whoIsSignedIn(cookie),
      ]);
      const rows = ctx.services
        .map((s) => {
          const links = (BROWSABLE[s.name] ?? [])
            .map(([p, label]) => `<a href="${escapeHtml(s.path + p)}">${escapeHtml(label)}</a>`)
            .join(' · ');
          return `<tr><td>${escapeHtml(s.name)}</td><td>running</td><td><code>${escapeHtml(ctx.publicUrl + s.path)}</code></td><td>${links}</td><td>${escapeHtml(REPLACED_BY[s.name] ?? '')}</td></tr>`;
        })
        .join('');
      const failedRows = (ctx.failed ?? [])
        .map(
          (f) =>
            `<tr class="failed"><td>${escapeHtml(f.name)}</td><td><strong>failed</strong>: ${escapeHtml(f.message)}</td><td><code>${escapeHtml(ctx.publicUrl + f.path)}</code></td><td></td><td>${escapeHtml(REPLACED_BY[f.name] ?? '')}</td></tr>`,
        )
        .join('');
      const note = flash
        ? `<p role="status" class="flash">${escapeHtml(flash.slice(0, 500))}</p>`
        : '';
      // Signed in: "Use my address" fills the faucet with the user's own wallet (no script: CSP
      // allows none inline; a button of its own form posts the same faucet route).
      const mine = me
        ? `<form method="post" action="/sandbox/_admin/forms/faucet" aria-label="Faucet to my wallet"><input type="hidden" name="address" value="${escapeHtml(me.address)}"><label>Token <select name="token"><option>UP</option><option>DAG</option><option>DOR</option></select></label><label>Amount <input name="tokens" required inputmode="decimal" value="100"></label><button type="submit">Use my address (@${escapeHtml(me.username)})</button></form>`
        : '';
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox — ${escapeHtml(ctx.productName)}</title><style>body{font-family:system-ui,sans-serif;background:#0b1020;color:#e2e8f0;margin:0;padding:2rem;max-width:64rem}a{color:#38bdf8}table{border-collapse:collapse;width:100%;font-size:.9rem}td,th{border-bottom:1px solid #1e293b;padding:.5rem;text-align:left;vertical-align:top}td{overflow-wrap:break-word;hyphens:manual}code{overflow-wrap:anywhere}label{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem;max-width:100%}input,select{max-width:100%;box-sizing:border-box}@media (max-width:40rem){body{padding:1rem}thead{display:none}table,tbody,tr,td{display:block}tr{border-bottom:1px solid #1e293b;padding:.5rem 0}td{border:0;padding:.15rem 0}}form{display:flex;flex-wrap:wrap;gap:.5rem;margin:.5rem 0 1.5rem}input,select,button{font:inherit;padding:.4rem .6rem;border-radius:.4rem;border:1px solid #334155;background:#0f172a;color:#e2e8f0}button{background:#38bdf8;color:#020617;border:0}.flash{background:#0c4a6e;padding:.6rem 1rem;border-radius:.4rem}form.inline{display:inline-flex;margin:0 0 0 .5rem}.users li{margin:.3rem 0}dl.status{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1rem}dl.status dd{margin:0;overflow-wrap:anywhere}tr.failed td{color:#fca5a5}</style></head><body>
<main>
<h1>${escapeHtml(ctx.productName)} sandbox</h1>
<p>This server runs against local simulators of its outside services. Nothing here touches a real network or real money. <a href="/">Back to the site</a> · <a href="/status">Agent status</a> · <a href="${PRODUCT_SIGN_IN.replace(/&/g, '&amp;')}">Sign in (the local X asks which user)</a></p>
${note}
${status}
${userList}
<h2>Services</h2><table><thead><tr><th>Twin</th><th>State</th><th>Base URL</th><th>Open</th><th>In production</th></tr></thead><tbody>${rows}${failedRows}</tbody></table>
<h2>Faucet</h2>${mine}<form method="post" action="/sandbox/_admin/forms/faucet" aria-label="Faucet"><label>Address <input name="address" required placeholder="DAG…" size="44"></label><label>Token <select name="token"><option>UP</option><option>DAG</option><option>DOR</option></select></label><label>Amount <input name="tokens" required inputmode="decimal" placeholder="100"></label><button type="submit">Send from the faucet</button></form>
<h2>Post as a local X user</h2><form method="post" action="/sandbox/_admin/forms/post"><label>Username <input name="username" required placeholder="alice"></label><label>Text <input name="text" required size="48" value="@UpsiderAgent balance"></label><button type="submit">Post</button></form>
<p>API clients get this index as JSON (<code>Accept: application/json</code>).</p>
</main>
</body></html>`;
    },
  };
}
