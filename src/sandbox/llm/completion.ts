/**
 * The local LLM's answer in OpenAI's two response forms: one `chat.completion` object, or (with
 * `stream: true`) Server-Sent Events of `chat.completion.chunk` objects ending `data: [DONE]`
 * (OpenAI API reference, "The chat completion chunk object" and "Streaming"; openai-node
 * src/core/streaming.ts stops at `[DONE]`). Usage is in the stream only when
 * `stream_options.include_usage` asks, as a last chunk with no choices.
 */
export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface Answer {
  id: string;
  created: number;
  model: string;
  content: string | null;
  toolCalls: ToolCall[];
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

const finishReason = (a: Answer) => (a.toolCalls.length ? 'tool_calls' : 'stop');

export function completionBody(a: Answer) {
  return {
    id: a.id,
    object: 'chat.completion',
    created: a.created,
    model: a.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: a.content,
          refusal: null,
          ...(a.toolCalls.length ? { tool_calls: a.toolCalls } : {}),
        },
        logprobs: null,
        finish_reason: finishReason(a),
      },
    ],
    usage: a.usage,
    system_fingerprint: 'fp_sandbox',
  };
}

/** Text cut in a few pieces, as a model streams tokens. */
function pieces(text: string, size = 24): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

export function completionStream(a: Answer, includeUsage: boolean): Response {
  const usageField = includeUsage ? { usage: null } : {};
  const chunk = (delta: unknown, finish: string | null) => ({
    id: a.id,
    object: 'chat.completion.chunk',
    created: a.created,
    model: a.model,
    system_fingerprint: 'fp_sandbox',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...usageField,
  });
  const events: unknown[] = [chunk({ role: 'assistant', content: '', refusal: null }, null)];
  for (const text of pieces(a.content ?? '')) events.push(chunk({ content: text }, null));
  for (const [index, call] of a.toolCalls.entries()) {
    const head = {
      index,
      id: call.id,
      type: 'function',
      function: { name: call.function.name, arguments: '' },
    };
    events.push(chunk({ tool_calls: [head] }, null));
    for (const args of pieces(call.function.arguments))
      events.push(chunk({ tool_calls: [{ index, function: { arguments: args } }] }, null));
  }
  events.push(chunk({}, finishReason(a)));
  if (includeUsage) {
    const { choices: _none, ...rest } = chunk({}, null);
    events.push({ ...rest, choices: [], usage: a.usage });
  }
  const body = `${events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')}data: [DONE]\n\n`;
  return new Response(body, {
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' },
  });
}
