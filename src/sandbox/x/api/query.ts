import type { InvalidParameter } from '../problems.ts';
import { EXPANSION_ALIASES } from './fields.ts';

export interface Selection {
  tweetFields: Set<string>;
  userFields: Set<string>;
  expansions: Set<string>;
}

/**
 * Checks query parameters as X does: unknown parameters and unknown field values are 400s
 * naming the parameter. `extra` lists other allowed parameters (checked by the caller).
 */
export function readSelection(
  query: Record<string, string>,
  allowed: Record<string, string[] | null>,
  extra: string[] = [],
): { selection: Selection; errors: InvalidParameter[] } {
  const errors: InvalidParameter[] = [];
  const names = [...Object.keys(allowed), ...extra];
  for (const [name, value] of Object.entries(query)) {
    if (!names.includes(name)) {
      errors.push({
        parameters: { [name]: [value] },
        message: `The query parameter [${name}] is not one of [${names.join(',')}]`,
      });
      continue;
    }
    const valid = allowed[name];
    if (!valid) continue;
    for (const item of value.split(',')) {
      if (valid.includes(item)) continue;
      errors.push({
        parameters: { [name]: [value] },
        message: `The \`${name}\` query parameter value [${item}] is not one of [${valid.join(',')}]`,
      });
    }
  }
  const list = (name: string) => (query[name] ? query[name].split(',') : []);
  return {
    selection: {
      tweetFields: new Set([...list('tweet.fields'), ...list('post.fields')]),
      userFields: new Set(list('user.fields')),
      expansions: new Set(list('expansions').map((name) => EXPANSION_ALIASES[name] ?? name)),
    },
    errors,
  };
}

/** `The \`since_id\` query parameter value [x] does not match ^[0-9]{1,19}$` */
export function patternError(name: string, value: string, pattern: RegExp): InvalidParameter {
  return {
    parameters: { [name]: [value] },
    message: `The \`${name}\` query parameter value [${value}] does not match ${pattern.source}`,
  };
}
