import { extractFacts, fillSchema } from './answer.ts';
import type { ToolCall } from './completion.ts';
import { writeSandboxPositionAnalysis } from './position-analysis.ts';
import { postTextOf, ratePost } from './rate-post.ts';
import { type CompletionRequest, textOf } from './request.ts';
import { writeSandboxPromotionLine, writeSandboxTokenAnalysis } from './token-analysis.ts';

/** A schema the caller put in the prompt instead of response_format (a model reads it there). */
function schemaInPrompt(texts: string[]) {
  for (const text of texts) {
    const found = /\(schema name: ([\w-]+)\):\n(\{.*\})$/s.exec(text);
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

/** The tool the request makes the model call, if any: a named one, else the first one. */
function toolToCall(req: CompletionRequest) {
  const tools = req.tools ?? [];
  if (!tools.length || req.tool_choice === 'none') return null;
  // After a tool's result the model answers in words, as a real model would.
  if (req.messages.at(-1)?.role === 'tool') return null;
  const choice = req.tool_choice;
  const named = typeof choice === 'object' ? choice.function.name : null;
  return tools.find((t) => !named || t.function.name === named)?.function ?? null;
}

/**
 * What the local model says: a tool call filled from the data, a dedicated writer's prose for
 * the product's own schemas, or the asked schema filled from the data (answer.ts).
 */
export function writeReply(
  req: CompletionRequest,
  now: Date,
  scripted: unknown,
  callId: () => string,
): { content: string | null; toolCalls: ToolCall[] } {
  const texts = req.messages.map((m) => textOf(m.content));
  const lastUser = textOf([...req.messages].reverse().find((m) => m.role === 'user')?.content);
  const facts = extractFacts(lastUser);
  const tool = scripted === undefined ? toolToCall(req) : null;
  if (tool) {
    const args = fillSchema(tool.parameters ?? { type: 'object', properties: {} }, facts);
    const call: ToolCall = {
      id: callId(),
      type: 'function',
      function: { name: tool.name, arguments: JSON.stringify(args) },
    };
    return { content: null, toolCalls: [call] };
  }
  const format = req.response_format;
  const inPrompt = format?.type === 'json_schema' ? null : schemaInPrompt(texts);
  const schema = format?.type === 'json_schema' ? format.json_schema?.schema : inPrompt?.schema;
  const name = format?.json_schema?.name ?? inPrompt?.name;
  const written = scripted !== undefined ? scripted : writerAnswer(name, lastUser, now);
  let content: string;
  if (written != null) content = JSON.stringify(written);
  else if (format?.type === 'json_schema' || format?.type === 'json_object' || inPrompt)
    content = JSON.stringify(
      fillSchema(schema ?? { type: 'object', properties: { answer: { type: 'string' } } }, facts),
    );
  else content = fillSchema({ type: 'string' }, facts) as string;
  return { content, toolCalls: [] };
}

/** The dedicated writers of the product's own schemas (null: no writer, or nothing to write). */
function writerAnswer(name: string | undefined, lastUser: string, now: Date): unknown {
  if (name === 'post_quality_rubric') {
    const post = postTextOf(lastUser);
    return post === null ? null : ratePost(post);
  }
  if (name === 'position_analysis') return writeSandboxPositionAnalysis(lastUser, now);
  if (name === 'token_analysis') {
    const analysis = writeSandboxTokenAnalysis(lastUser);
    return analysis ? { analysis } : null;
  }
  if (name === 'promotion_line') {
    const line = writeSandboxPromotionLine(lastUser);
    return line ? { line } : null;
  }
  return null;
}
