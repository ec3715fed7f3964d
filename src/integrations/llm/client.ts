import { z } from 'zod';
import { secondsSince, telemetry } from '@/shared/telemetry.ts';
import { LlmHttpError, LlmNetworkError, LlmRateLimitError, LlmResponseError } from './errors.ts';
import { jsonRequestParts, modeFor, refusesResponseFormat, weakenMode } from './response-format.ts';
import {
  type ChatMessage,
  chatCompletionSchema,
  type LlmUsage,
  openAiErrorSchema,
} from './schemas.ts';

const modelListSchema = z.object({ data: z.array(z.object({ id: z.string() })) });

export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

export interface LlmClientOptions {
  /** e.g. https://api.openai.com/v1 (the client appends /chat/completions). */
  baseUrl: string;
  apiKey: string;
  model: string;
  fetch?: FetchFn;
  timeoutMs?: number;
}

export interface JsonCompletionRequest<S extends z.ZodType> {
  messages: ChatMessage[];
  /**
   * What the answer must be; sent as a JSON schema (in the prompt where the server refuses
   * `json_schema`, response-format.ts) and checked again on the way back.
   */
  schema: S;
  /** Name of the schema in response_format (letters, digits, _ and -). */
  schemaName: string;
  temperature?: number;
  maxTokens?: number;
}

/**
 * A small OpenAI-compatible chat-completions client: one call that asks for structured JSON
 * output and returns it validated. Generic on purpose (portfolio analyses, token analyses...).
 */
export function createLlmClient(opts: LlmClientOptions) {
  const base = opts.baseUrl.replace(/\/$/, '');
  const url = `${base}/chat/completions`;
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 60_000;

  /** One request with the key; the answer's JSON, or the typed error for what went wrong. */
  async function send(target: string, init: RequestInit = {}): Promise<unknown> {
    let res: Response;
    let text: string;
    try {
      res = await doFetch(target, {
        ...init,
        headers: { authorization: `Bearer ${opts.apiKey}`, ...init.headers },
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      throw new LlmNetworkError(target, err);
    }
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // a body that is not JSON: reported by the caller's shape check or the HTTP error
    }
    if (!res.ok) throw httpError(res, json, text);
    return json ?? text;
  }

  async function post(body: unknown) {
    const json = await send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const parsed = chatCompletionSchema.safeParse(json);
    if (!parsed.success) {
      throw new LlmResponseError(
        `not a chat.completion: ${String(JSON.stringify(json)).slice(0, 200)}`,
      );
    }
    return parsed.data;
  }

  return {
    model: opts.model,

    /** The ids `GET /models` lists (OpenAI's list-models shape): `npm run doctor` reads it. */
    async listModels(): Promise<string[]> {
      const json = await send(`${base}/models`);
      const list = modelListSchema.safeParse(json);
      if (!list.success) {
        throw new LlmResponseError(
          `not a model list: ${String(JSON.stringify(json)).slice(0, 200)}`,
        );
      }
      return list.data.data.map((m) => m.id);
    },

    /** One completion, its duration (all attempts, ok or error) observed for /metrics. */
    async completeJson<S extends z.ZodType>(
      req: JsonCompletionRequest<S>,
    ): Promise<{ value: z.output<S>; usage: LlmUsage | null; model: string }> {
      const started = performance.now();
      try {
        const answer = await completeJsonOnce(req);
        telemetry.llmRequest('ok', secondsSince(started));
        return answer;
      } catch (err) {
        telemetry.llmRequest('error', secondsSince(started));
        throw err;
      }
    },
  };

  async function completeJsonOnce<S extends z.ZodType>(
    req: JsonCompletionRequest<S>,
  ): Promise<{ value: z.output<S>; usage: LlmUsage | null; model: string }> {
    const ask = (mode: ReturnType<typeof modeFor>) =>
      post({
        model: opts.model,
        temperature: req.temperature ?? 0.2,
        ...(req.maxTokens ? { max_tokens: req.maxTokens } : {}),
        ...jsonRequestParts(mode, req),
      });
    let mode = modeFor(url);
    let completion: Awaited<ReturnType<typeof post>>;
    for (;;) {
      try {
        completion = await ask(mode);
        break;
      } catch (err) {
        const weaker = refusesResponseFormat(err) ? weakenMode(url, mode) : null;
        if (!weaker) throw err;
        mode = weaker;
      }
    }
    const choice = completion.choices[0]!;
    if (choice.finish_reason === 'length') throw new LlmResponseError('answer cut off (length)');
    const content = choice.message.content;
    if (!content) throw new LlmResponseError('empty message content');
    let data: unknown;
    try {
      data = JSON.parse(content);
    } catch {
      throw new LlmResponseError(`content is not JSON: ${content.slice(0, 120)}`);
    }
    const checked = req.schema.safeParse(data);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      throw new LlmResponseError(
        `content breaks the schema at ${issue?.path.join('.')}: ${issue?.message}`,
      );
    }
    return { value: checked.data, usage: completion.usage ?? null, model: completion.model };
  }
}

export type LlmClient = ReturnType<typeof createLlmClient>;

function httpError(res: Response, json: unknown, text: string) {
  const e = openAiErrorSchema.safeParse(json);
  const message = e.success ? e.data.error.message : text.slice(0, 200) || res.statusText;
  const type = e.success ? (e.data.error.type ?? null) : null;
  const code = e.success && e.data.error.code != null ? String(e.data.error.code) : null;
  if (res.status === 429) {
    const after = Number(res.headers.get('retry-after'));
    return new LlmRateLimitError(
      message,
      type,
      code,
      Number.isFinite(after) && after > 0 ? after : null,
    );
  }
  return new LlmHttpError(res.status, message, type, code);
}
