import { describe, expect, it } from 'vitest';
import { runEvidenceVerify } from '../../../../scripts/evidence/verify-cli.ts';

const keys = { signerId: null, batchPublicKey: null };

/** The CLI against a server that publishes `published` as its keys and knows no post. */
async function run(args: string[], published: object) {
  const out: string[] = [];
  const asked: string[] = [];
  const code = await runEvidenceVerify(args, {
    fetch: async (url) => {
      asked.push(url);
      return url.endsWith('/api/digital-evidence/keys')
        ? new Response(JSON.stringify(published))
        : new Response('{}', { status: 404 });
    },
    print: (text) => out.push(text),
    defaultServer: 'http://archive.test',
    readFile: async () => new Uint8Array(),
    env: {},
  });
  return { code, out: out.join('\n'), asked };
}

describe('npm run evidence:verify --l0 / --metagraph', () => {
  it('reads the anchor from the network the flags name, over what the keys say', async () => {
    const network = { globalL0Url: 'http://l0.keys', metagraphId: 'DAG0keys' };
    const { out } = await run(['123', '--l0', 'http://l0.mine', '--metagraph', 'DAG0mine'], {
      ...keys,
      network,
    });
    expect(out).toContain(
      'Anchor: global snapshots from http://l0.mine (--l0), metagraph DAG0mine (--metagraph)',
    );
    const onlyL0 = await run(['123', '--l0', 'http://l0.mine'], { ...keys, network });
    expect(onlyL0.out).toContain('from http://l0.mine (--l0), metagraph DAG0keys\n');
  });

  it('needs both flags when the keys name no network', async () => {
    const { code, out } = await run(['123', '--l0', 'http://l0.mine'], { ...keys, network: null });
    expect(code).toBe(1);
    expect(out).toContain('pass both --l0 and --metagraph');
    const both = await run(['123', '--l0', 'http://l0.mine', '--metagraph', 'DAG0mine'], keys);
    expect(both.out).toContain('Anchor: global snapshots from http://l0.mine (--l0)');
  });
});
