import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * The one error model of the API. Services throw AppError for anything a client can cause;
 * the error handler (http/error-handler.ts) turns it into `{ error: { code, message } }`.
 */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'bad_request') =>
  new AppError(400, code, message);
export const unauthorized = (message = 'Not signed in', code = 'unauthorized') =>
  new AppError(401, code, message);
export const forbidden = (message: string, code = 'forbidden') => new AppError(403, code, message);
export const notFound = (message = 'Not found', code = 'not_found') =>
  new AppError(404, code, message);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);
