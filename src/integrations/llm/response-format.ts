import { z } from 'zod';
import { LlmHttpError } from './errors.ts';
import type { ChatMessage } from './schemas.ts';

/**
 * How a request asks for JSON, richest first: OpenAI's structured output (`json_schema`), JSON
 * mode (`json_object`), or neither, the schema only in the prompt. Many OpenAI-compatible servers
 * refuse `json_schema` (and some `json_object`) with a 400 naming response_format; the answer
 * is validated against the zod schema whichever way it was asked.
 */
export type JsonMode = 'json_schema' | 'json_object' | 'prompt';

const WEAKER: Record<JsonMode, JsonMode | null> = {
  json_schema: 'json_object',
  json_object: 'prompt',
  prompt: null,
};

/** Per chat-completions URL, the richest mode its server has not refused (process-wide). */
const acceptedModes = new Map<string, JsonMode>();

export const modeFor = (url: string): JsonMode => acceptedModes.get(url) ?? 'json_schema';

/** After `mode` was refused at `url`: remember the next weaker mode, or null if none is left. */
export function weakenMode(url: string, mode: JsonMode): JsonMode | null {
  const next = WEAKER[mode];
  if (next) acceptedModes.set(url, next);
  return next;
}

/**
 * OpenAI's 400s that name response_format but blame the request, not a missing mode: a strict
 * schema breaking a structured-outputs rule ("Invalid schema for response_format …") and JSON
 * mode without the word "json" in the messages. Weakening the mode would hide the mistake.
 */
const REQUEST_FAULTS = /Invalid schema for|must contain the word 'json'/i;

/** A 400/422 that names the response format: the server lacks the mode, not the request. */
export function refusesResponseFormat(err: unknown): boolean {
  if (!(err instanceof LlmHttpError) || (err.status !== 400 && err.status !== 422)) return false;
  if (REQUEST_FAULTS.test(err.apiMessage)) return false;
  return /response_format|json_schema|json_object|structured output/i.test(err.apiMessage);
}

/** The request's messages and response_format for a mode. */
export function jsonRequestParts(
  mode: JsonMode,
  req: { messages: ChatMessage[]; schema: z.ZodType; schemaName: string },
) {
  const jsonSchema = z.toJSONSchema(req.schema);
  if (mode === 'json_schema') {
    return {
      messages: req.messages,
      response_format: {
        type: 'json_schema',
        json_schema: { name: req.schemaName, schema: jsonSchema, strict: false },
      },
    };
  }
  // JSON mode needs the word JSON in the messages (OpenAI refuses it otherwise), and without a
  // schema parameter the model learns the shape only from the prompt.
  const instruction = `Reply with one JSON object and nothing else. It must match this JSON Schema (schema name: ${req.schemaName}):\n${JSON.stringify(jsonSchema)}`;
  const [first, ...rest] = req.messages;
  const messages: ChatMessage[] =
    first?.role === 'system'
      ? [{ role: 'system', content: `${first.content}\n\n${instruction}` }, ...rest]
      : [{ role: 'system', content: instruction }, ...req.messages];
  return mode === 'json_object'
    ? { messages, response_format: { type: 'json_object' } }
    : { messages };
}
