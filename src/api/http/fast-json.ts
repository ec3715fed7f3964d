import type { PollRequest, RawResponse } from './cached-json.ts';

/** Something that can answer a GET from memory, or decline (null) and leave it to the app. */
export interface FastAnswer {
  answer(req: PollRequest): RawResponse | null;
}

/**
 * The poll endpoints whose answer is a stored body (cached-json), by exact path, so the server's
 * request listener can send it without building a Request, a Response or running the middleware
 * chain — which cost more than half of each poll (decision 0040). The routes register what they
 * serve; the Hono route stays the answer for everything else (first request, query strings, 503).
 *
 * Only GET endpoints that no middleware changes belong here: public, no cookies, no rate limit,
 * no body. The listener adds what the middleware would (`nosniff`), via `CachedJson.answer`.
 */
export class FastJsonRoutes {
  readonly #byPath = new Map<string, FastAnswer>();

  add(path: string, answer: FastAnswer): void {
    this.#byPath.set(path, answer);
  }

  get(path: string): FastAnswer | undefined {
    return this.#byPath.get(path);
  }
}
