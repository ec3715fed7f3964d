import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const UP_TOKEN_SOURCE_PATH = path.join(here, 'contracts', 'UpToken.sol');
export const UP_TOKEN_ARTIFACT_PATH = path.join(here, 'contracts', 'UpToken.json');

export interface UpTokenArtifact {
  contractName: 'UpToken';
  compiler: string;
  abi: unknown[];
  bytecode: `0x${string}`;
}

/** Standard-JSON compile of UpToken.sol (optimizer on, 200 runs, no metadata hash: reproducible). */
export async function compileUpToken(): Promise<UpTokenArtifact> {
  // solc is a devDependency: only this script and its test load it.
  const solc = createRequire(import.meta.url)('solc') as {
    compile(input: string): string;
    version(): string;
  };
  const input = {
    language: 'Solidity',
    sources: { 'UpToken.sol': { content: fs.readFileSync(UP_TOKEN_SOURCE_PATH, 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      metadata: { bytecodeHash: 'none' },
      outputSelection: { '*': { UpToken: ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<
      string,
      Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>
    >;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts['UpToken.sol']?.UpToken;
  if (!contract) throw new Error('solc produced no UpToken');
  return {
    contractName: 'UpToken',
    compiler: solc.version(),
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
  };
}
