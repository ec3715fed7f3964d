import { describe, expect, it } from 'vitest';
import { strictSchemaProblem } from './strict-schema.ts';

const ok = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    tags: {
      type: 'array',
      items: {
        type: 'object',
        properties: { k: { type: 'string' } },
        required: ['k'],
        additionalProperties: false,
      },
    },
    note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
  },
  required: ['name', 'tags', 'note'],
  additionalProperties: false,
};

describe("OpenAI's strict-mode schema rules", () => {
  it('accepts a schema where every object is closed and every key required', () => {
    expect(strictSchemaProblem(ok)).toBeNull();
  });

  it('names the place of an open object, however deep', () => {
    const { additionalProperties: _, ...open } = ok;
    expect(strictSchemaProblem(open)).toMatch(/context=\(\), 'additionalProperties'/);
    const deep = structuredClone(ok);
    delete (deep.properties.tags.items as Record<string, unknown>).additionalProperties;
    expect(strictSchemaProblem(deep)).toMatch(
      /'properties', 'tags', 'items'.*additionalProperties/,
    );
  });

  it('refuses an optional key and a root that is not an object', () => {
    expect(strictSchemaProblem({ ...ok, required: ['name', 'tags'] })).toMatch(/Missing 'note'/);
    expect(strictSchemaProblem({ type: 'array', items: {} })).toMatch(/type: "object"/);
  });
});
