import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLlmClient } from './client.ts';
import openai from './fixtures/openai-chat-completions.json' with { type: 'json' };

const greeting = z.object({ greeting: z.string() });

/** The reference's chat.completion, its content a JSON answer (the rest as published). */
function answer(content: string) {
  const [choice] = openai.defaultResponse.choices;
  return {
    ...openai.defaultResponse,
    choices: [{ ...choice, message: { ...choice!.message, content } }],
  };
}

function recording(replies: { status: number; body: unknown }[], baseUrl: string) {
  const sent: { url: string; init: RequestInit; body: Record<string, unknown> }[] = [];
  const client = createLlmClient({
    baseUrl,
    apiKey: 'sk-test',
    model: 'gpt-4.1',
    fetch: async (url, init = {}) => {
      sent.push({ url: String(url), init, body: JSON.parse(String(init.body)) });
      const reply = replies.shift() ?? { status: 200, body: answer('{"greeting":"Hello!"}') };
      return Response.json(reply.body, { status: reply.status });
    },
  });
  const ask = () =>
    client.completeJson({
      schema: greeting,
      schemaName: 'greeting',
      messages: [
        { role: 'system', content: 'You are a helpful assistant.' },
        { role: 'user', content: 'Hello!' },
      ],
    });
  return { ask, sent };
}

describe('LLM client against the OpenAI API reference', () => {
  it('POSTs /chat/completions with the bearer key, JSON, json_schema; reads usage and model', async () => {
    const { ask, sent } = recording([], 'https://api.openai.com/v1/');
    const result = await ask();
    expect(result).toEqual({
      value: { greeting: 'Hello!' },
      usage: expect.objectContaining({
        prompt_tokens: 19,
        completion_tokens: 10,
        total_tokens: 29,
      }),
      model: 'gpt-4.1-2025-04-14',
    });
    const [req] = sent;
    expect(req?.url).toBe('https://api.openai.com/v1/chat/completions');
    expect(req?.init.method).toBe('POST');
    const headers = new Headers(req?.init.headers);
    expect(headers.get('authorization')).toBe('Bearer sk-test');
    expect(headers.get('content-type')).toBe('application/json');
    expect(req?.body).toMatchObject({
      model: 'gpt-4.1',
      messages: [
        { role: 'system', content: 'You are a helpful assistant.' },
        { role: 'user', content: 'Hello!' },
      ],
      response_format: { type: 'json_schema', json_schema: { name: 'greeting' } },
    });
  });

  it('the reference answer itself (prose) is refused as not JSON', async () => {
    const { ask } = recording([{ status: 200, body: openai.defaultResponse }], 'http://a.test/v1');
    await expect(ask()).rejects.toThrow(/content is not JSON/);
  });

  it('on OpenAI’s “json_schema is not supported” 400 asks again in JSON mode with the schema in the prompt', async () => {
    const { ask, sent } = recording([openai.jsonSchemaUnsupported], 'http://b.test/v1');
    await expect(ask()).resolves.toMatchObject({ value: { greeting: 'Hello!' } });
    expect(sent.map((s) => (s.body.response_format as { type: string }).type)).toEqual([
      'json_schema',
      'json_object',
    ]);
    const messages = sent[1]?.body.messages as { role: string; content: string }[];
    expect(messages).toHaveLength(2);
    expect(messages[0]?.content).toMatch(
      /^You are a helpful assistant\.\n\nReply with one JSON object/,
    );
    expect(messages[0]?.content).toContain('"greeting"');
    await ask();
    expect(sent[2]?.body.response_format).toEqual({ type: 'json_object' });
  });
});
