import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig, serverEnvSchema } from './config.ts';
import { agentEnvSchema } from './config-agent.ts';

const example = fs.readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
const entries = Object.fromEntries(
  example
    .split('\n')
    .filter((line) => /^[A-Z0-9_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);

describe('.env.example', () => {
  it('lists every variable the server and the agent read, and nothing else', () => {
    const read = [...Object.keys(serverEnvSchema.shape), ...Object.keys(agentEnvSchema.shape)];
    expect(Object.keys(entries).sort()).toEqual([...new Set(read)].sort());
  });

  it('is a valid configuration as written (its defaults are the real defaults)', () => {
    expect(() => loadConfig(entries)).not.toThrow();
    expect(loadConfig(entries).port).toBe(loadConfig({}).port);
  });
});
