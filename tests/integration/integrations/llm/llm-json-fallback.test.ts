import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLlmClient, LlmHttpError } from '@/integrations/llm/index.ts';
import { startPortfolioTwins } from '../../../support/portfolio-twins.ts';

/** Servers without structured output: the local LLM refuses response formats as they do. */

let twins: Awaited<ReturnType<typeof startPortfolioTwins>>;
beforeAll(async () => {
  twins = await startPortfolioTwins();
});
afterAll(() => twins?.close());

const admin = (path: string, body?: unknown) =>
  twins
    .fetch(`${twins.config.llm!.baseUrl.replace(/\/v1$/, '')}/_admin/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    .then((r) => r.json() as Promise<{ refused: number }>);

const verdict = z.object({ summary: z.string().min(1), probability: z.number().min(0).max(1) });
const ask = () =>
  createLlmClient({ ...twins.config.llm!, fetch: twins.fetch }).completeJson({
    schema: verdict,
    schemaName: 'verdict',
    messages: [
      { role: 'system', content: 'You weigh prediction markets.' },
      { role: 'user', content: JSON.stringify({ market_question: 'Will it rain?' }) },
    ],
  });

describe('LLM client with servers that lack json_schema', () => {
  it('falls back to JSON mode with the schema in the prompt, validates, and remembers it', async () => {
    await admin('formats', { refuse: ['json_schema'] });
    const { value } = await ask();
    expect(verdict.safeParse(value).success).toBe(true);
    // The local model's plain note for a schema it has no writer for, parsed from JSON mode.
    expect(value.summary).toMatch(/no writer for summary/);
    expect((await admin('formats')).refused).toBe(1);
    await ask();
    // Remembered for this server: json_schema is not offered again.
    expect((await admin('formats')).refused).toBe(1);
  });

  it('falls back to no response_format at all when JSON mode is refused too', async () => {
    await admin('formats', { refuse: ['json_schema', 'json_object'] });
    await expect(ask()).resolves.toMatchObject({ value: { summary: expect.any(String) } });
    expect((await admin('formats')).refused).toBe(1);
    await ask();
    expect((await admin('formats')).refused).toBe(1);
  });

  it('does not retry a 400 that is not about the response format', async () => {
    await admin('formats', { refuse: [] });
    await admin('fail', { status: 400, count: 1 });
    const err = await ask().catch((e) => e);
    expect(err).toBeInstanceOf(LlmHttpError);
    expect(err.status).toBe(400);
    await expect(ask()).resolves.toBeTruthy();
  });
});
