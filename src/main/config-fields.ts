import { z } from 'zod';
import { isValidDagAddress } from '@/shared/dag-address.ts';

/** Field types the areas' environment shapes share (config.ts and the config-*.ts files). */
export const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
export const dagAddress = z.string().refine(isValidDagAddress, 'must be a valid DAG address');
export const evmAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address');

/** A configuration start-up refuses, with one line per problem (loadConfigOrExit prints them). */
export class ConfigError extends Error {
  constructor(
    readonly issues: string[],
    title = 'Invalid configuration:',
  ) {
    super(`${title}\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}
