import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { pathUnder } from '../faults/match.ts';
import { installFaults } from '../faults/routes.ts';
import type { SandboxContext, SandboxService } from '../sandbox-service.ts';
import { DEFAULT_USER_SCOPES } from './accounts.ts';
import { activityRoutes } from './activity/routes.ts';
import { adminRoutes } from './admin.ts';
import { mediaRoutes } from './api/media.ts';
import { mentionRoutes } from './api/mentions.ts';
import { tweetSearchRoutes } from './api/tweet-search.ts';
import { tweetRoutes } from './api/tweets.ts';
import { userTweetRoutes } from './api/user-tweets.ts';
import { userRoutes } from './api/users.ts';
import { billing } from './billing/middleware.ts';
import { DEFAULT_LIMITS, type XEnv, type XSandboxOptions } from './context.ts';
import { xFaultAnswer } from './faults.ts';
import { authorizeRoutes } from './oauth/authorize.ts';
import { tokenRoutes } from './oauth/token.ts';
import { PAGE_DOES_NOT_EXIST, problem, statusProblem } from './problems.ts';
import { ensureSandboxClient } from './store/clients.ts';
import { findMedia, processingState } from './store/media.ts';
import { ensureUser } from './store/users.ts';
import { avatarSvg } from './web/avatar.ts';
import { editRoutes } from './web/edit.ts';
import { emojiFontRoutes } from './web/emoji-font.ts';
import { html } from './web/html.ts';
import { intentRoutes } from './web/intent.ts';
import { renderPage } from './web/layout.ts';
import { loadSession, type WebVars } from './web/session.ts';
import { signInRoutes } from './web/sign-in.ts';
import { timelineRoutes } from './web/timeline.ts';

const BASE_PATH = '/sandbox/x';

/**
 * The local X: OAuth 2.0 (x.com/i/oauth2/authorize, api.x.com/2/oauth2/*), API v2 (/2/...),
 * web pages (intents, timeline, profiles) and an admin API, all under /sandbox/x, with every
 * piece of state in the database's `sandbox` schema.
 */
/** Accounts the docs' examples name; each gets its wallet when first paid or signed in. */
export const EXAMPLE_HANDLES = ['alice', 'bob', 'friend'] as const;

export async function createXSandbox(
  ctx: SandboxContext,
  options: XSandboxOptions = {},
): Promise<SandboxService> {
  const baseUrl = `${ctx.publicUrl}${BASE_PATH}`;
  const env: XEnv = {
    db: ctx.database.db,
    logger: ctx.logger,
    baseUrl,
    basePath: BASE_PATH,
    publicUrl: ctx.publicUrl,
    agentHandle: ctx.config.publicConfig.agentHandle,
    now: options.now ?? ctx.now,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    accessTier: options.accessTier ?? ctx.config.x?.localAccessTier ?? 'self-serve',
    invalidWebhooks: new Set(),
    fetch: ctx.fetch ?? ((url, init) => fetch(url, init)),
  };
  const client = await ensureSandboxClient(env.db, ctx.publicUrl, env.now());
  // The agent's account exists from the start, so posts mentioning it land in its mentions.
  const agent = await ensureUser(env.db, env.agentHandle, env.now());
  // The handles the README, landing page and guide use in their examples, so every example
  // ('send 5 UP to @bob', 'send 100 $UP to @friend') works as written on a fresh start.
  for (const handle of EXAMPLE_HANDLES) await ensureUser(env.db, handle, env.now());

  const app = new Hono();
  app.onError((err, c) => {
    env.logger.error({ err, path: c.req.path }, 'local X failed');
    return problem(c, 500, statusProblem(500));
  });
  // Video segments are the one large body (the sandbox guard still caps every request at 1 MB).
  app.use('*', (c, next) =>
    /^\/2\/media\/upload\/\d+\/append$/.test(pathUnder(BASE_PATH, c.req.path))
      ? next()
      : bodyLimit({ maxSize: 64 * 1024 })(c, next),
  );
  installFaults(app, {
    db: env.db,
    service: 'x',
    basePath: BASE_PATH,
    answer: xFaultAnswer(env),
    setTimer: ctx.setTimer,
  });
  app.use('/2/*', billing(env));
  app.route('/_admin', adminRoutes(env));
  app.route('/i/oauth2/authorize', authorizeRoutes(env));
  app.route('/2/oauth2', tokenRoutes(env));
  app.route('/2/users', mentionRoutes(env));
  app.route('/2/users', userTweetRoutes(env));
  app.route('/2/users', userRoutes(env));
  app.route('/2/tweets', tweetSearchRoutes(env));
  app.route('/2/tweets', tweetRoutes(env));
  app.route('/2', activityRoutes(env));
  app.route('/2/media/upload', mediaRoutes(env));
  app.all('/2/*', (c) => problem(c, 404, statusProblem(404)));
  // The API host's other prefixes answer as api.x.com does, in JSON; any other unknown path is
  // a web page (x.com's own "this page doesn't exist", below).
  for (const prefix of ['/1.1/*', '/labs/*', '/oauth2/*', '/i/api/*'])
    app.all(prefix, (c) => c.json(PAGE_DOES_NOT_EXIST, 404));
  app.get('/media/:file{[0-9]{1,19}\\.mp4}', async (c) => {
    const media = await findMedia(env.db, BigInt(c.req.param('file').replace(/\.mp4$/, '')));
    if (!media?.bytes || processingState(media, env.now()) !== 'succeeded') return c.notFound();
    return c.body(new Uint8Array(media.bytes), 200, {
      'content-type': media.mediaType,
      'cache-control': 'public, max-age=86400',
    });
  });
  app.get('/avatars/:file{[A-Za-z0-9_]{1,15}\\.svg}', (c) => {
    const svg = avatarSvg(c.req.param('file').replace(/\.svg$/, ''));
    if (!svg) return c.notFound();
    return c.body(svg, 200, {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=86400',
    });
  });

  const web = new Hono<WebVars>();
  app.route('/', emojiFontRoutes(BASE_PATH));
  web.use('*', loadSession(env));
  web.route('/', signInRoutes(env));
  web.route('/', intentRoutes(env));
  web.route('/', editRoutes(env));
  web.route('/', timelineRoutes(env));
  web.all('*', (c) => {
    if (c.req.method === 'GET' && c.req.path.endsWith('/')) {
      return c.redirect(c.req.path.replace(/\/+$/, '') || BASE_PATH, 301);
    }
    const body = html`<div class="card"><h1>Hmm...this page doesn’t exist.</h1><p><a href="${BASE_PATH}/home">Go home</a></p></div>`;
    return renderPage(c, env, { title: 'Not found', body, session: c.get('session'), status: 404 });
  });
  app.route('/', web);

  return {
    name: 'x',
    path: BASE_PATH,
    app,
    describe: () => ({
      description:
        'Local X: OAuth 2.0 with PKCE, API v2 (users, mentions, posts, chunked video upload), X Activity API webhooks (CRC, signed post.mention.create deliveries) and web pages.',
      webhooksUrl: `${baseUrl}/2/webhooks`,
      webUrl: baseUrl,
      apiUrl: baseUrl,
      authorizeUrl: `${baseUrl}/i/oauth2/authorize`,
      tokenUrl: `${baseUrl}/2/oauth2/token`,
      revokeUrl: `${baseUrl}/2/oauth2/revoke`,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      appBearerToken: client.appBearerToken,
      redirectUris: client.redirectUris,
      scopes: DEFAULT_USER_SCOPES,
      agentHandle: env.agentHandle,
      agentUserId: agent.id,
      adminUrl: `${baseUrl}/_admin`,
      timelineUrl: `${baseUrl}/home`,
    }),
  };
}
