/**
 * OpenAI's error bodies, word for word where the real API's text is known: `{error: {message,
 * type, param, code}}` (openai-node src/core/error.ts reads exactly these four fields).
 */
export function openAiError(
  message: string,
  type: string,
  code: string | null,
  param: string | null = null,
) {
  return { error: { message, type, param, code } };
}

export const invalidApiKey = () =>
  openAiError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');

/** 404 for a model the key cannot use, on completions and on GET /v1/models/{id}. */
export const modelNotFound = (model: string) =>
  openAiError(
    `The model \`${model}\` does not exist or you do not have access to it.`,
    'invalid_request_error',
    'model_not_found',
    'model',
  );

/** What api.openai.com answers a path it does not serve (404): "Invalid URL (GET /v1/x)". */
export const invalidUrl = (method: string, path: string) =>
  openAiError(`Invalid URL (${method} ${path})`, 'invalid_request_error', null);

/**
 * JSON mode needs the word "json" somewhere in the messages: OpenAI API reference,
 * chat/create `response_format` ("you must also instruct the model to produce JSON yourself");
 * the 400 text is the one the API returns (param `messages`).
 */
export const jsonWordMissing = () =>
  openAiError(
    "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
    'invalid_request_error',
    null,
    'messages',
  );

/** A strict schema breaking a structured-outputs rule (shape seen in moeru-ai/xsai#202). */
export const invalidStrictSchema = (where: string, name: string, why: string) =>
  openAiError(
    `Invalid schema for ${where} '${name}': ${why}`,
    'invalid_request_error',
    null,
    where === 'response_format' ? 'response_format' : 'tools',
  );

/** OpenAI's own answer to a response_format its model lacks (openai-dotnet#276, midscene#259). */
export const formatRefusal = (type: string) =>
  openAiError(
    `Invalid parameter: 'response_format' of type '${type}' is not supported with this model.`,
    'invalid_request_error',
    null,
    'response_format',
  );
