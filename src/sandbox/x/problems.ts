import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** X still names its problem types under the old host. */
export const PROBLEM_TYPE = 'https://api.twitter.com/2/problems';

/** Answers an RFC 7807 problem the way X's API does (content type application/problem+json). */
export function problem(c: Context, status: ContentfulStatusCode, body: object) {
  return c.body(JSON.stringify(body), status, { 'content-type': 'application/problem+json' });
}

export const UNAUTHORIZED = {
  title: 'Unauthorized',
  type: 'about:blank',
  status: 401,
  detail: 'Unauthorized',
} as const;

export const FORBIDDEN = {
  title: 'Forbidden',
  type: 'about:blank',
  status: 403,
  detail: 'Forbidden',
} as const;

export const TOO_MANY_REQUESTS = {
  title: 'Too Many Requests',
  detail: 'Too Many Requests',
  type: 'about:blank',
  status: 429,
} as const;

export const DUPLICATE_CONTENT = {
  detail: 'You are not allowed to create a Tweet with duplicate content.',
  type: 'about:blank',
  title: 'Forbidden',
  status: 403,
} as const;

/**
 * A reply the replying account was not summoned to (self-serve API tier). The body is the one
 * developers report from X (status, title and type as X's other 403 problems).
 */
export const REPLY_NOT_SUMMONED = {
  detail:
    'Reply to this conversation is not allowed because you have not been mentioned or otherwise engaged by the author of the post you are replying to.',
  type: 'about:blank',
  title: 'Forbidden',
  status: 403,
} as const;

/**
 * `quote_tweet_id` on a self-serve (pay-per-use) app. X documents the rule, not the body: the
 * detail is the create-post reference's own sentence (x-api/posts/create-post.mdx @ 2871328),
 * status, title and type as X's other 403 problems.
 */
export const QUOTE_NEEDS_ENTERPRISE = {
  detail:
    'Quote-posting (using the quote_tweet_id parameter) requires an Enterprise plan. It is not available on self-serve (pay-per-use) tiers.',
  type: 'about:blank',
  title: 'Forbidden',
  status: 403,
} as const;

/** An app-only token on an endpoint that needs a user. */
export const UNSUPPORTED_AUTHENTICATION = {
  title: 'Unsupported Authentication',
  detail:
    'Authenticating with OAuth 2.0 Application-Only is forbidden for this endpoint.  Supported authentication types are [OAuth 1.0a User Context, OAuth 2.0 User Context].',
  type: `${PROBLEM_TYPE}/unsupported-authentication`,
  status: 403,
} as const;

export interface InvalidParameter {
  message: string;
  parameters?: Record<string, string[]>;
}

export function invalidRequest(errors: InvalidParameter[]) {
  return {
    errors,
    title: 'Invalid Request',
    detail: 'One or more parameters to your request was invalid.',
    type: `${PROBLEM_TYPE}/invalid-request`,
  };
}

/** An entry of `errors[]` in a 200 answer: the thing asked for does not exist. */
export function notFoundError(p: {
  resourceType: 'user' | 'tweet';
  parameter: string;
  value: string;
  detail: string;
}) {
  return {
    value: p.value,
    detail: p.detail,
    title: 'Not Found Error',
    resource_type: p.resourceType,
    parameter: p.parameter,
    resource_id: p.value,
    type: `${PROBLEM_TYPE}/resource-not-found`,
  };
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** A bare problem for any status (used by fault injection and unknown paths). */
export function statusProblem(status: number) {
  const title = TITLES[status] ?? 'Error';
  return { title, detail: title, type: 'about:blank', status };
}

/**
 * What X's API host answers outside API v2 (v1.1, labs, a path it does not serve): error code 34,
 * "Sorry, that page does not exist" (developer.x.com/en/support/x-api/error-troubleshooting).
 */
export const PAGE_DOES_NOT_EXIST = {
  errors: [{ message: 'Sorry, that page does not exist', code: 34 }],
};

/**
 * X's answer for a suspended account: HTTP 200 with one error, "User has been suspended" (as
 * X answers it; the reference documents only the not-found one, so this shape is as observed).
 */
export function suspendedError(parameter: string, value: string) {
  return {
    value,
    detail: `User has been suspended: [${value}].`,
    title: 'Forbidden',
    resource_type: 'user',
    parameter,
    resource_id: value,
    type: `${PROBLEM_TYPE}/resource-not-found`,
  };
}
