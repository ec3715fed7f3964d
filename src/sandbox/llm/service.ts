import { Hono } from 'hono';
import { z } from 'zod';
import { installFaults } from '../faults/routes.ts';
import type { SandboxContext, SandboxService } from '../sandbox-service.ts';
import { type Answer, completionBody, completionStream } from './completion.ts';
import { invalidApiKey, invalidUrl, modelNotFound, openAiError } from './openai-errors.ts';
import { writeReply } from './reply.ts';
import { completionRequestSchema, refusal, textOf } from './request.ts';

const BASE_PATH = '/sandbox/llm';

const answerSchema = z.object({
  /** The next answer's message content, as JSON (it must fit the schema the caller asks for). */
  json: z.record(z.string(), z.unknown()),
  count: z.number().int().min(1).max(100).default(1),
});

/** Response formats the local LLM refuses, as servers without structured output do. */
const formatsSchema = z.object({
  refuse: z.array(z.enum(['json_schema', 'json_object'])).max(2),
});

const failSchema = z.object({
  status: z.union([z.literal(400), z.literal(401), z.literal(429), z.literal(500), z.literal(503)]),
  count: z.number().int().min(1).max(100).default(1),
});

const tokens = (s: string) => Math.max(1, Math.ceil(s.length / 4));

/**
 * The local LLM: OpenAI chat completions (request, response, usage and error shapes) answering
 * from the data it is given (answer.ts). `POST /_admin/fail {status, count}` makes the next
 * requests fail, e.g. 429 rate limits; `POST /_admin/formats {refuse: ['json_schema']}` makes it
 * refuse those response formats with a 400 as many OpenAI-compatible servers do.
 */
export function createLlmSandbox(ctx: SandboxContext): SandboxService {
  const apiKey = ctx.config.llm?.apiKey ?? 'sandbox-llm-key';
  const failures: { status: number; left: number } = { status: 0, left: 0 };
  const scripted: { json: unknown; left: number } = { json: null, left: 0 };
  const formats = { refuse: [] as string[], refused: 0 };
  let seq = 0;
  const app = new Hono();
  installFaults(app, {
    db: ctx.database.db,
    service: 'llm',
    setTimer: ctx.setTimer,
    basePath: BASE_PATH,
    answer: (c, status) =>
      c.json(openAiError(`Injected fault (${status})`, 'server_error', null), status as 500),
  });
  app.post('/_admin/fail', async (c) => {
    const body = failSchema.safeParse(await c.req.json().catch(() => null));
    if (!body.success)
      return c.json({ error: 'body must be {status: 400|401|429|500|503, count?}' }, 400);
    failures.status = body.data.status;
    failures.left = body.data.count;
    return c.json({ failing: failures });
  });
  app.post('/_admin/formats', async (c) => {
    const body = formatsSchema.safeParse(await c.req.json().catch(() => null));
    if (!body.success)
      return c.json({ error: "body must be {refuse: ('json_schema'|'json_object')[]}" }, 400);
    formats.refuse = body.data.refuse;
    formats.refused = 0;
    return c.json({ refuse: formats.refuse });
  });
  app.get('/_admin/formats', (c) => c.json(formats));
  // A scripted next answer (tests: e.g. markup in a model's text, which pages must render inert).
  app.post('/_admin/answer', async (c) => {
    const body = answerSchema.safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json({ error: 'body must be {json: object, count?}' }, 400);
    scripted.json = body.data.json;
    scripted.left = body.data.count;
    return c.json({ scripted: scripted.left });
  });
  const model = ctx.config.llm?.model ?? 'sandbox-analyst-1';
  const modelObject = (id: string) => ({ id, object: 'model', created: 0, owned_by: 'sandbox' });
  // Every OpenAI route needs the key; a wrong one is a 401 before anything else is read.
  app.use('/v1/*', async (c, next) => {
    if (c.req.header('authorization') !== `Bearer ${apiKey}`) return c.json(invalidApiKey(), 401);
    await next();
  });
  // OpenAI's list and retrieve model shapes: the one model the local LLM answers as.
  app.get('/v1/models', (c) => c.json({ object: 'list', data: [modelObject(model)] }));
  app.get('/v1/models/:id', (c) => {
    const id = c.req.param('id');
    return id === model ? c.json(modelObject(id)) : c.json(modelNotFound(id), 404);
  });
  app.post('/v1/chat/completions', async (c) => {
    if (failures.left > 0) {
      failures.left--;
      const s = failures.status as 400 | 401 | 429 | 500 | 503;
      if (s === 429) c.header('retry-after', '2');
      const type =
        s === 429 ? 'rate_limit_exceeded' : s >= 500 ? 'server_error' : 'invalid_request_error';
      return c.json(
        openAiError(`Simulated failure (${s}) requested through _admin/fail.`, type, type),
        s,
      );
    }
    const parsed = completionRequestSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return c.json(
        openAiError(
          `Invalid request: ${issue?.path.join('.')}: ${issue?.message}`,
          'invalid_request_error',
          null,
          issue?.path.join('.') || null,
        ),
        400,
      );
    }
    const req = parsed.data;
    const refused = refusal(req, [model], formats.refuse);
    if (refused) {
      if (refused.formatRefused) formats.refused++;
      return c.json(refused.body, refused.status);
    }
    let script: unknown;
    if (scripted.left > 0) {
      scripted.left--;
      script = scripted.json;
    }
    const id = ++seq;
    const reply = writeReply(req, ctx.now(), script, () => `call_sandbox_${id}`);
    const prompt = tokens(req.messages.map((m) => textOf(m.content)).join('\n'));
    const completion = tokens(reply.content ?? JSON.stringify(reply.toolCalls));
    const answer: Answer = {
      id: `chatcmpl-sandbox-${id}`,
      created: Math.floor(ctx.now().getTime() / 1000),
      model: req.model,
      ...reply,
      usage: {
        prompt_tokens: prompt,
        completion_tokens: completion,
        total_tokens: prompt + completion,
      },
    };
    if (req.stream) return completionStream(answer, req.stream_options?.include_usage === true);
    return c.json(completionBody(answer));
  });
  // OpenAI names the path from /v1 on, wherever the twin is mounted.
  app.all('*', (c) => {
    const path = c.req.path.startsWith(BASE_PATH) ? c.req.path.slice(BASE_PATH.length) : c.req.path;
    return c.json(invalidUrl(c.req.method, path || '/'), 404);
  });
  const base = `${ctx.publicUrl}${BASE_PATH}`;
  return {
    name: 'llm',
    path: BASE_PATH,
    app,
    describe: () => ({
      description:
        'Local OpenAI-compatible chat completions: answers fill the asked JSON schema from the data in the prompt.',
      baseUrl: `${base}/v1`,
      apiKey,
      model,
      fail: `POST ${base}/_admin/fail {status: 429, count: 1}`,
      answer: `POST ${base}/_admin/answer {json: {...}, count: 1}`,
      formats: `POST ${base}/_admin/formats {refuse: ['json_schema']} (a server without structured output)`,
    }),
  };
}
