import { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxContext, SandboxService } from '../sandbox-service.ts';
import { extractFacts, fillSchema } from './answer.ts';
import { writeSandboxPositionAnalysis } from './position-analysis.ts';
import { postTextOf, ratePost } from './rate-post.ts';
import { writeSandboxPromotionLine, writeSandboxTokenAnalysis } from './token-analysis.ts';

const BASE_PATH = '/sandbox/llm';

const requestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z
    .array(
      z.looseObject({
        role: z.enum(['system', 'user', 'assistant', 'tool', 'developer']),
        content: z.string().nullable(),
      }),
    )
    .min(1),
  response_format: z
    .looseObject({
      type: z.enum(['text', 'json_object', 'json_schema']),
      json_schema: z
        .looseObject({ name: z.string(), schema: z.record(z.string(), z.unknown()).optional() })
        .optional(),
    })
    .optional(),
});

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

function openAiError(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}

const tokens = (s: string) => Math.max(1, Math.ceil(s.length / 4));

/** OpenAI's own answer to a response_format its model lacks (openai-dotnet#276, midscene#259). */
const formatRefusal = (type: string) => ({
  error: {
    message: `Invalid parameter: 'response_format' of type '${type}' is not supported with this model.`,
    type: 'invalid_request_error',
    param: 'response_format',
    code: null,
  },
});

/** A schema the caller put in the prompt instead of response_format (a model reads it there). */
function schemaInPrompt(messages: { content: string | null }[]) {
  for (const m of messages) {
    const found = /\(schema name: ([\w-]+)\):\n(\{.*\})$/s.exec(m.content ?? '');
    if (!found) continue;
    try {
      return {
        name: found[1] ?? '',
        schema: JSON.parse(found[2] ?? '') as Record<string, unknown>,
      };
    } catch {
      // not a schema after all
    }
  }
  return null;
}

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
  // OpenAI's list-models shape: the one model the local LLM answers as.
  app.get('/v1/models', (c) => {
    if (c.req.header('authorization') !== `Bearer ${apiKey}`) {
      return c.json(
        openAiError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'),
        401,
      );
    }
    const model = ctx.config.llm?.model ?? 'sandbox-analyst-1';
    return c.json({
      object: 'list',
      data: [{ id: model, object: 'model', created: 0, owned_by: 'sandbox' }],
    });
  });
  app.post('/v1/chat/completions', async (c) => {
    if (c.req.header('authorization') !== `Bearer ${apiKey}`) {
      return c.json(
        openAiError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'),
        401,
      );
    }
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
    const parsed = requestSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return c.json(
        openAiError(
          `Invalid request: ${issue?.path.join('.')}: ${issue?.message}`,
          'invalid_request_error',
          null,
        ),
        400,
      );
    }
    const req = parsed.data;
    const askedType = req.response_format?.type;
    if (askedType && formats.refuse.includes(askedType)) {
      formats.refused++;
      return c.json(formatRefusal(askedType), 400);
    }
    const inPrompt =
      req.response_format?.type === 'json_schema' ? null : schemaInPrompt(req.messages);
    const lastUser = [...req.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const facts = extractFacts(lastUser);
    const format = req.response_format;
    const schema = format?.type === 'json_schema' ? format.json_schema?.schema : inPrompt?.schema;
    const schemaName = format?.json_schema?.name ?? inPrompt?.name;
    const tokenAnalysis =
      schemaName === 'token_analysis' ? writeSandboxTokenAnalysis(lastUser) : null;
    const promotionLine =
      schemaName === 'promotion_line' ? writeSandboxPromotionLine(lastUser) : null;
    const postText = schemaName === 'post_quality_rubric' ? postTextOf(lastUser) : null;
    const positionAnalysis =
      schemaName === 'position_analysis' ? writeSandboxPositionAnalysis(lastUser, ctx.now()) : null;
    let content: string;
    if (scripted.left > 0) {
      scripted.left--;
      content = JSON.stringify(scripted.json);
    } else if (postText !== null) content = JSON.stringify(ratePost(postText));
    else if (positionAnalysis) content = JSON.stringify(positionAnalysis);
    else if (tokenAnalysis) content = JSON.stringify({ analysis: tokenAnalysis });
    else if (promotionLine) content = JSON.stringify({ line: promotionLine });
    else
      content =
        format?.type === 'json_schema' || format?.type === 'json_object' || inPrompt
          ? JSON.stringify(
              fillSchema(
                schema ?? { type: 'object', properties: { answer: { type: 'string' } } },
                facts,
              ),
            )
          : (fillSchema({ type: 'string' }, facts) as string);
    const prompt = tokens(req.messages.map((m) => m.content ?? '').join('\n'));
    const completion = tokens(content);
    return c.json({
      id: `chatcmpl-sandbox-${++seq}`,
      object: 'chat.completion',
      created: Math.floor(ctx.now().getTime() / 1000),
      model: req.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: {
        prompt_tokens: prompt,
        completion_tokens: completion,
        total_tokens: prompt + completion,
      },
      system_fingerprint: 'fp_sandbox',
    });
  });
  app.all('*', (c) =>
    c.json(openAiError(`Unknown path ${c.req.path}`, 'invalid_request_error', null), 404),
  );
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
      model: ctx.config.llm?.model ?? 'sandbox-analyst-1',
      fail: `POST ${base}/_admin/fail {status: 429, count: 1}`,
      answer: `POST ${base}/_admin/answer {json: {...}, count: 1}`,
      formats: `POST ${base}/_admin/formats {refuse: ['json_schema']} (a server without structured output)`,
    }),
  };
}
