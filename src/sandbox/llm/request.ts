import { z } from 'zod';
import {
  formatRefusal,
  invalidStrictSchema,
  jsonWordMissing,
  modelNotFound,
} from './openai-errors.ts';
import { strictSchemaProblem } from './strict-schema.ts';

/**
 * Message content is a string or an array of content parts (OpenAI API reference, chat/create
 * `messages[].content`: "An array of content parts with a defined type"); the twin reads the
 * text parts. Assistant messages that call tools carry `content: null`.
 */
const contentSchema = z
  .union([z.string(), z.array(z.looseObject({ type: z.string(), text: z.string().optional() }))])
  .nullish();

const functionSchema = z.looseObject({
  name: z.string().min(1),
  parameters: z.record(z.string(), z.unknown()).optional(),
  strict: z.boolean().nullish(),
});

export const completionRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z
    .array(
      z.looseObject({
        role: z.enum(['system', 'user', 'assistant', 'tool', 'developer']),
        content: contentSchema,
      }),
    )
    .min(1),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullish(),
  tools: z
    .array(z.looseObject({ type: z.literal('function'), function: functionSchema }))
    .optional(),
  tool_choice: z
    .union([
      z.enum(['none', 'auto', 'required']),
      z.looseObject({ type: z.literal('function'), function: z.object({ name: z.string() }) }),
    ])
    .optional(),
  response_format: z
    .looseObject({
      type: z.enum(['text', 'json_object', 'json_schema']),
      json_schema: z
        .looseObject({
          name: z.string(),
          schema: z.record(z.string(), z.unknown()).optional(),
          strict: z.boolean().nullish(),
        })
        .optional(),
    })
    .optional(),
});
export type CompletionRequest = z.infer<typeof completionRequestSchema>;

/** The text of a message's content, whichever form it was sent in. */
export function textOf(content: z.infer<typeof contentSchema>): string {
  if (content == null) return '';
  if (typeof content === 'string') return content;
  return content.map((p) => (p.type === 'text' ? (p.text ?? '') : '')).join('');
}

/**
 * The refusals api.openai.com gives a well-formed request, in the order it checks them: the
 * model, then response_format rules, then strict function schemas. null: go ahead.
 */
export function refusal(
  req: CompletionRequest,
  knownModels: readonly string[],
  refusedFormats: readonly string[],
): { status: 400 | 404; body: unknown; formatRefused?: true } | null {
  if (!knownModels.includes(req.model)) return { status: 404, body: modelNotFound(req.model) };
  const format = req.response_format;
  if (format && refusedFormats.includes(format.type))
    return { status: 400, body: formatRefusal(format.type), formatRefused: true };
  if (format?.type === 'json_object') {
    const said = req.messages.some((m) => /json/i.test(textOf(m.content)));
    if (!said) return { status: 400, body: jsonWordMissing() };
  }
  if (format?.type === 'json_schema' && format.json_schema?.strict) {
    const problem = strictSchemaProblem(format.json_schema.schema);
    if (problem)
      return {
        status: 400,
        body: invalidStrictSchema('response_format', format.json_schema.name, problem),
      };
  }
  for (const tool of req.tools ?? []) {
    if (!tool.function.strict) continue;
    const problem = strictSchemaProblem(tool.function.parameters ?? {});
    if (problem)
      return { status: 400, body: invalidStrictSchema('function', tool.function.name, problem) };
  }
  return null;
}
