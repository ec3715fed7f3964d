import { getContractAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { SANDBOX_BASE_UP_CONTRACT } from '@/main/config-holders.ts';
import { DEPLOYER_ADDRESS, DEPLOYER_KEY } from './deploy-genesis.ts';

describe('the sandbox UpToken address', () => {
  it('is the first contract of the deployer, which the landing page shows in sandbox mode', () => {
    const from = privateKeyToAccount(DEPLOYER_KEY).address;
    expect(getContractAddress({ from, nonce: 0n }).toLowerCase()).toBe(
      SANDBOX_BASE_UP_CONTRACT.toLowerCase(),
    );
  });

  it('is the deployer key’s address as written out for the start (no key derived there)', () => {
    expect(DEPLOYER_ADDRESS).toBe(privateKeyToAccount(DEPLOYER_KEY).address);
  });
});
