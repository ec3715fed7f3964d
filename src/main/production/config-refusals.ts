import { SANDBOX_METAGRAPH_IDS } from '../config-constellation.ts';
import { SANDBOX_EVIDENCE_DEFAULTS } from '../config-evidence.ts';
import { SANDBOX_BASE_UP_CONTRACT } from '../config-holders.ts';
import { publishedKeyRefusals } from './published-key-refusals.ts';
import type { Refusal } from './refusal.ts';
import { sandboxUrlRefusal } from './url-refusals.ts';
import { webhookUrlRefusals } from './webhook-url-refusals.ts';

/** The raw settings a production start reads (strings, as the environment gives them). */
type Given = Record<string, string | undefined>;

const isHttps = (url: string | undefined) => Boolean(url && /^https:\/\//i.test(url));

/** A contract address nobody deployed: the sandbox's, all zeros, or one digit repeated (0x1111…). */
export function isPlaceholderEvmAddress(address: string) {
  const hex = address.toLowerCase().replace(/^0x/, '');
  return address.toLowerCase() === SANDBOX_BASE_UP_CONTRACT.toLowerCase() || /^(.)\1*$/.test(hex);
}

const required = (given: Given, setting: string, fix: string): Refusal[] =>
  given[setting] ? [] : [{ setting, problem: 'not set', fix }];

/**
 * What the environment alone shows wrong for a production start (decision 0036): the sandbox
 * or any of its twins, settings the product would otherwise guess, placeholders, plain http,
 * and features switched on without their secrets. Empty when the settings can run for real.
 */
export function productionConfigRefusals(given: Given): Refusal[] {
  const refusals: Refusal[] = [];
  const add = (r: Refusal[]) => refusals.push(...r);

  for (const [setting, value] of Object.entries(given)) {
    if (value === undefined) continue;
    if (setting === 'SANDBOX' && ['true', '1'].includes(value)) {
      add([{ setting, problem: 'the local simulators are switched on', fix: 'remove SANDBOX' }]);
    } else if (setting.startsWith('SANDBOX_')) {
      add([{ setting, problem: 'a sandbox setting', fix: `remove ${setting}` }]);
    } else {
      const refusal = sandboxUrlRefusal(setting, value);
      if (refusal) add([refusal]);
    }
  }
  add(publishedKeyRefusals(given));
  add(required(given, 'X_CLIENT_ID', 'the OAuth 2.0 client id of your X app'));
  add(required(given, 'X_CLIENT_SECRET', 'the OAuth 2.0 client secret of your X app'));
  add(
    required(
      given,
      'AGENT_HANDLE',
      "the agent's X handle, without @ (mentions of it are commands)",
    ),
  );
  if (!isHttps(given.PUBLIC_URL)) {
    add([
      {
        setting: 'PUBLIC_URL',
        problem: given.PUBLIC_URL ? `not https (${given.PUBLIC_URL})` : 'not set',
        fix: 'the https:// origin users open (sessions and X callbacks need it)',
      },
    ]);
  }
  add(upMetagraphRefusals(given));
  add(evidenceMetagraphRefusals(given));
  add(baseRefusals(given));
  add(required(given, 'X402_URL', 'the x402 features site'));
  add(required(given, 'MARKET_DATA_URL', "UP's market page"));
  add(required(given, 'MARKET_COIN_ID', "UP's id at the market-data API (prices Premium)"));
  add(secretsOfFeaturesOn(given));
  return refusals;
}

function upMetagraphRefusals(given: Given): Refusal[] {
  const where = "from the UP metagraph's operators";
  const out = [
    ...required(given, 'CONSTELLATION_UP_L0_URL', `the UP currency L0 URL ${where}`),
    ...required(given, 'CONSTELLATION_UP_L1_URL', `the UP currency L1 URL ${where}`),
    ...required(given, 'CONSTELLATION_UP_METAGRAPH_ID', `the UP metagraph id ${where}`),
  ];
  for (const token of ['UP', 'DOR'] as const) {
    const setting = `CONSTELLATION_${token}_METAGRAPH_ID`;
    if (given[setting] === SANDBOX_METAGRAPH_IDS[token]) {
      out.push({
        setting,
        problem: "the sandbox genesis's id",
        fix: `the real ${token} metagraph id`,
      });
    }
  }
  return out;
}

/**
 * The local Digital Evidence service's metagraph id: a verifier would look for batch roots in a
 * state channel no real snapshot has, so every proof would fail or stay pending (decision 0051).
 */
function evidenceMetagraphRefusals(given: Given): Refusal[] {
  const id = given.DIGITAL_EVIDENCE_METAGRAPH_ID?.trim().toLowerCase();
  if (id !== SANDBOX_EVIDENCE_DEFAULTS.metagraphId.toLowerCase()) return [];
  return [
    {
      setting: 'DIGITAL_EVIDENCE_METAGRAPH_ID',
      problem: "the local Digital Evidence service's id",
      fix: "the Digital Evidence metagraph's id on the Constellation network",
    },
  ];
}

function baseRefusals(given: Given): Refusal[] {
  const out = [
    ...required(given, 'BASE_RPC_URL', 'a Base mainnet JSON-RPC endpoint'),
    ...required(
      given,
      'BASE_START_BLOCK',
      "the UP contract's deployment block (the indexer starts there)",
    ),
  ];
  const contract = given.BASE_UP_CONTRACT ?? given.BASE_CONTRACT_ADDRESS;
  if (!contract) out.push(...required(given, 'BASE_UP_CONTRACT', 'the UP ERC-20 address on Base'));
  else if (isPlaceholderEvmAddress(contract)) {
    out.push({
      setting: 'BASE_UP_CONTRACT',
      problem: `a placeholder or sandbox address (${contract})`,
      fix: 'the UP ERC-20 address on Base',
    });
  }
  return out;
}

/** A feature is on when any of its settings is given; then it needs all of its secrets. */
function secretsOfFeaturesOn(given: Given): Refusal[] {
  const groups: { feature: string; on: boolean; needs: string[] }[] = [
    {
      feature: 'mention push (X_WEBHOOK_URL)',
      on: Boolean(given.X_WEBHOOK_URL && given.X_WEBHOOK_URL !== 'off'),
      needs: ['X_CONSUMER_SECRET', 'X_APP_BEARER_TOKEN'],
    },
    {
      feature: 'Digital Evidence',
      on: Object.keys(given).some((k) => k.startsWith('DIGITAL_EVIDENCE_') && given[k]),
      needs: [
        'DIGITAL_EVIDENCE_API_KEY',
        'DIGITAL_EVIDENCE_ORG_ID',
        'DIGITAL_EVIDENCE_TENANT_ID',
        'DIGITAL_EVIDENCE_SIGNING_KEY',
        // The anchor a verifier checks is the ledger (decision 0051): the metagraph whose state
        // channel carries the batch roots. No batch key: Constellation publishes none.
        'DIGITAL_EVIDENCE_METAGRAPH_ID',
      ],
    },
    {
      feature: 'the LLM',
      on: Boolean(given.LLM_BASE_URL || given.LLM_API_KEY),
      needs: ['LLM_BASE_URL', 'LLM_API_KEY'],
    },
    {
      feature: 'Polymarket open orders',
      on: Object.keys(given).some(
        (k) => k.startsWith('POLYMARKET_CLOB_') && k !== 'POLYMARKET_CLOB_URL' && given[k],
      ),
      needs: [
        'POLYMARKET_CLOB_ADDRESS',
        'POLYMARKET_CLOB_API_KEY',
        'POLYMARKET_CLOB_SECRET',
        'POLYMARKET_CLOB_PASSPHRASE',
      ],
    },
  ];
  const out: Refusal[] = [];
  for (const g of groups.filter((g) => g.on)) {
    for (const setting of g.needs.filter((s) => !given[s])) {
      out.push({
        setting,
        problem: `${g.feature} is on without it`,
        fix: `set ${setting}, or remove the other settings of ${g.feature}`,
      });
    }
  }
  const webhook = given.X_WEBHOOK_URL;
  if (webhook && webhook !== 'off') out.push(...webhookUrlRefusals(webhook));
  return out;
}
