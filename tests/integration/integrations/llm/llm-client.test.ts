import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createLlmClient,
  LlmHttpError,
  LlmRateLimitError,
  LlmResponseError,
} from '@/integrations/llm/index.ts';
import { startPortfolioTwins } from '../../../support/portfolio-twins.ts';

let twins: Awaited<ReturnType<typeof startPortfolioTwins>>;
beforeAll(async () => {
  twins = await startPortfolioTwins();
});
afterAll(() => twins?.close());

const llm = (apiKey?: string) => {
  const cfg = twins.config.llm!;
  return createLlmClient({ ...cfg, apiKey: apiKey ?? cfg.apiKey, fetch: twins.fetch });
};
const verdict = z.object({
  summary: z.string().min(1),
  probability: z.number().min(0).max(1),
});
const ask = (client = llm()) =>
  client.completeJson({
    schema: verdict,
    schemaName: 'verdict',
    messages: [
      { role: 'system', content: 'Answer as JSON.' },
      {
        role: 'user',
        content: JSON.stringify({ market_question: 'Will it rain?', current_price: 0.4 }),
      },
    ],
  });

describe('LLM client against the local chat completions', () => {
  it('returns schema-valid JSON, with usage; the local model never reads the prompt back', async () => {
    const { value, usage, model } = await ask();
    // 'verdict' has no writer in the local model: a plain note saying so, not the data echoed.
    expect(value.summary).toMatch(/no writer/);
    expect(value.summary).not.toContain('Will it rain?');
    expect(value.probability).toBeGreaterThanOrEqual(0);
    expect(usage?.total_tokens).toBe((usage?.prompt_tokens ?? 0) + (usage?.completion_tokens ?? 0));
    expect(model).toBe(twins.config.llm!.model);
  });

  it('types a 429 with its Retry-After, and a bad key as a non-retryable 401', async () => {
    const base = twins.config.llm!.baseUrl.replace(/\/v1$/, '');
    await twins.fetch(`${base}/_admin/fail`, {
      method: 'POST',
      body: JSON.stringify({ status: 429 }),
    });
    const err = await ask().catch((e) => e);
    expect(err).toBeInstanceOf(LlmRateLimitError);
    expect(err).toMatchObject({ status: 429, retryable: true, retryAfterSeconds: 2 });
    const denied = await ask(llm('wrong-key')).catch((e) => e);
    expect(denied).toBeInstanceOf(LlmHttpError);
    expect(denied).toMatchObject({ status: 401, retryable: false, code: 'invalid_api_key' });
    await expect(ask()).resolves.toBeTruthy();
  });

  it('rejects content that is not JSON or breaks the asked schema', async () => {
    const answering = (content: string) =>
      createLlmClient({
        baseUrl: 'http://llm.test/v1',
        apiKey: 'k',
        model: 'm',
        fetch: async () =>
          Response.json({
            id: 'x',
            object: 'chat.completion',
            created: 1,
            model: 'm',
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          }),
      });
    await expect(ask(answering('not json'))).rejects.toBeInstanceOf(LlmResponseError);
    await expect(ask(answering('{"summary": 5}'))).rejects.toThrow(/schema at summary/);
    await expect(ask(answering('{"summary":"ok","probability":0.3}'))).resolves.toMatchObject({
      value: { summary: 'ok', probability: 0.3 },
      usage: null,
    });
  });

  it('an unknown model is a 404 model_not_found, not a reason to weaken the response format', async () => {
    const cfg = twins.config.llm!;
    const client = createLlmClient({ ...cfg, model: 'gpt-nonexistent', fetch: twins.fetch });
    const err = await ask(client).catch((e) => e);
    expect(err).toBeInstanceOf(LlmHttpError);
    expect(err).toMatchObject({ status: 404, code: 'model_not_found', retryable: false });
  });

  it('a 400 blaming its own strict schema is thrown, not taken for a server without json_schema', async () => {
    let calls = 0;
    const strictRefusal = createLlmClient({
      baseUrl: 'http://llm.test/v1',
      apiKey: 'k',
      model: 'm',
      fetch: async () => {
        calls++;
        return Response.json(
          {
            error: {
              message:
                "Invalid schema for response_format 'verdict': In context=(), 'additionalProperties' is required to be supplied and to be false.",
              type: 'invalid_request_error',
              param: 'response_format',
              code: null,
            },
          },
          { status: 400 },
        );
      },
    });
    await expect(ask(strictRefusal)).rejects.toMatchObject({ status: 400 });
    expect(calls).toBe(1);
  });
});
