import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLikeNpmStart } from '../support/listening.ts';
import { startPortfolioTwins } from '../support/portfolio-twins.ts';

/**
 * The `openai` package (6.49), unmodified, against the local LLM over real HTTP: only `baseURL`
 * changes, as openai-node documents for compatible servers. What the SDK does here is what it
 * does against api.openai.com, so the twin's leniencies show up as failures.
 */
let twins: Awaited<ReturnType<typeof startPortfolioTwins>>;
let server: Awaited<ReturnType<typeof listenLikeNpmStart>>;
let client: OpenAI;
let model: string;

beforeAll(async () => {
  twins = await startPortfolioTwins();
  server = await listenLikeNpmStart(twins.root);
  model = twins.config.llm!.model;
  client = new OpenAI({
    apiKey: twins.config.llm!.apiKey,
    baseURL: `${server.origin}/sandbox/llm/v1`,
    maxRetries: 0,
  });
});
afterAll(async () => {
  await server?.close();
  await twins?.close();
});

const facts = JSON.stringify({ market_question: 'Will it rain?', current_price: 0.4 });
const strictVerdict = {
  type: 'object',
  properties: { summary: { type: 'string' }, probability: { type: 'number' } },
  required: ['summary', 'probability'],
  additionalProperties: false,
};

describe('openai against the local LLM', () => {
  it('lists and retrieves the model; an unknown one is a 404 model_not_found', async () => {
    const page = await client.models.list();
    expect(page.data.map((m) => m.id)).toEqual([model]);
    await expect(client.models.retrieve(model)).resolves.toMatchObject({ id: model });
    const err = await client.models.retrieve('gpt-nonexistent').catch((e) => e);
    expect(err).toBeInstanceOf(OpenAI.NotFoundError);
    expect(err.code).toBe('model_not_found');
  });

  it('completes plain text, with content given as text parts', async () => {
    const done = await client.chat.completions.create({
      model,
      messages: [{ role: 'user', content: [{ type: 'text', text: facts }] }],
    });
    expect(done.object).toBe('chat.completion');
    expect(done.choices[0]?.message.content).toBeTruthy();
    expect(done.usage?.total_tokens).toBeGreaterThan(0);
  });

  it('fills a strict json_schema and parses it', async () => {
    const done = await client.chat.completions.create({
      model,
      messages: [{ role: 'user', content: facts }],
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'verdict', schema: strictVerdict, strict: true },
      },
    });
    const value = JSON.parse(done.choices[0]?.message.content ?? '');
    expect(Object.keys(value).sort()).toEqual(['probability', 'summary']);
  });

  it('refuses a strict schema without additionalProperties: false or with an optional key', async () => {
    const { additionalProperties: _, ...open } = strictVerdict;
    for (const schema of [open, { ...strictVerdict, required: ['summary'] }]) {
      const err = await client.chat.completions
        .create({
          model,
          messages: [{ role: 'user', content: facts }],
          response_format: {
            type: 'json_schema',
            json_schema: { name: 'v', schema, strict: true },
          },
        })
        .catch((e) => e);
      expect(err).toBeInstanceOf(OpenAI.BadRequestError);
      expect(err.param).toBe('response_format');
      expect(err.message).toMatch(/additionalProperties|required/);
    }
  });

  it('answers json_object only when the messages say "json"', async () => {
    const ask = (system: string) =>
      client.chat.completions.create({
        model,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: facts },
        ],
        response_format: { type: 'json_object' },
      });
    const done = await ask('Reply with a JSON object.');
    expect(JSON.parse(done.choices[0]?.message.content ?? '')).toBeTypeOf('object');
    const err = await ask('Reply briefly.').catch((e) => e);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect(err.param).toBe('messages');
  });

  it('calls a forced tool with arguments that fit its parameters, then answers its result', async () => {
    const tools = [
      {
        type: 'function' as const,
        function: { name: 'get_price', parameters: strictVerdict, strict: true },
      },
    ];
    const done = await client.chat.completions.create({
      model,
      messages: [{ role: 'user', content: facts }],
      tools,
      tool_choice: { type: 'function', function: { name: 'get_price' } },
    });
    const call = done.choices[0]?.message.tool_calls?.[0];
    expect(done.choices[0]?.finish_reason).toBe('tool_calls');
    if (call?.type !== 'function') throw new Error('expected a function call');
    expect(JSON.parse(call.function.arguments)).toHaveProperty('probability');
    const after = await client.chat.completions.create({
      model,
      tools,
      messages: [
        { role: 'user', content: facts },
        { role: 'assistant', content: null, tool_calls: [call] },
        { role: 'tool', tool_call_id: call.id, content: '{"price": 0.4}' },
      ],
    });
    expect(after.choices[0]?.finish_reason).toBe('stop');
    expect(after.choices[0]?.message.content).toBeTruthy();
  });

  it('streams chunks ending with usage when asked, and the SDK reassembles them', async () => {
    const stream = await client.chat.completions.create({
      model,
      messages: [{ role: 'user', content: facts }],
      response_format: { type: 'json_schema', json_schema: { name: 'v', schema: strictVerdict } },
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let chunks = 0;
    let usage = 0;
    for await (const chunk of stream) {
      expect(chunk.object).toBe('chat.completion.chunk');
      chunks++;
      text += chunk.choices[0]?.delta.content ?? '';
      usage = chunk.usage?.total_tokens ?? usage;
    }
    expect(chunks).toBeGreaterThan(2);
    expect(JSON.parse(text)).toHaveProperty('summary');
    expect(usage).toBeGreaterThan(0);
  });

  it('types a bad key (401), an unknown model (404), a rate limit (429) and an unknown path', async () => {
    const wrong = new OpenAI({ apiKey: 'wrong', baseURL: client.baseURL, maxRetries: 0 });
    await expect(wrong.models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    const unknown = await client.chat.completions
      .create({ model: 'gpt-nonexistent', messages: [{ role: 'user', content: 'hi' }] })
      .catch((e) => e);
    expect(unknown).toBeInstanceOf(OpenAI.NotFoundError);
    expect(unknown.code).toBe('model_not_found');
    await fetch(`${server.origin}/sandbox/llm/_admin/fail`, {
      method: 'POST',
      body: JSON.stringify({ status: 429 }),
    });
    const limited = await client.chat.completions
      .create({ model, messages: [{ role: 'user', content: 'hi' }] })
      .catch((e) => e);
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    const lost = (await client.get('/no-such-thing').catch((e: unknown) => e)) as Error;
    expect(lost).toBeInstanceOf(OpenAI.NotFoundError);
    expect(lost.message).toMatch(/Invalid URL \(GET \/v1\/no-such-thing\)/);
  });
});
