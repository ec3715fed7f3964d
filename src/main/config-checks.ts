import type { z } from 'zod';
import { keyRingFromLists } from '@/core/crypto/key-ring.ts';
import { parseMasterKeys } from '@/core/wallets/index.ts';
import { DEFAULT_PORT } from '@/shared/server-address.ts';
import { agentEnvSchema } from './config-agent.ts';

type Given = Record<string, string | undefined>;

/** One line per problem: `SETTING: what is wrong → what to do`, the shape production refusals use. */
export function issueLines(issues: z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => {
    const setting = issue.path.join('.') || 'environment';
    return `${setting}: ${issue.message} → correct it or remove it (.env.example documents it)`;
  });
}

/**
 * Mistakes in settings that the server's own schema does not see, and that used to surface only
 * after the server was listening, with a stack trace (decision 0049): the agent's settings (read
 * again when the agent starts), the X token keys and the wallet master keys (parsed when first
 * used). Each is parsed here exactly as its user will parse it, so a start that passes cannot
 * fail on them later.
 */
export function settingMistakes(given: Given): string[] {
  const lines: string[] = [];
  const agent = agentEnvSchema.safeParse(given);
  if (!agent.success) lines.push(...issueLines(agent.error.issues));

  const enc = given.X_TOKEN_ENC_KEYS;
  const mac = given.X_TOKEN_MAC_KEYS;
  if (enc || mac) {
    const fix = 'both lists "id:base64(32 bytes),…" with the same ids and different keys';
    if (!enc || !mac) {
      lines.push(
        `${enc ? 'X_TOKEN_MAC_KEYS' : 'X_TOKEN_ENC_KEYS'}: not set beside the other → ${fix}`,
      );
    } else {
      try {
        keyRingFromLists(enc, mac);
      } catch (err) {
        lines.push(`X_TOKEN_ENC_KEYS/X_TOKEN_MAC_KEYS: ${(err as Error).message} → ${fix}`);
      }
    }
  }
  if (given.WALLET_MASTER_KEYS) {
    try {
      parseMasterKeys(given.WALLET_MASTER_KEYS);
    } catch (err) {
      lines.push(
        `WALLET_MASTER_KEYS: ${(err as Error).message} → "keyId:base64(32 bytes),…" (first = current)`,
      );
    }
  }
  const port = given.PORT ?? String(DEFAULT_PORT);
  if (given.METRICS_PORT && given.METRICS_PORT !== '0' && given.METRICS_PORT === port) {
    lines.push(`METRICS_PORT: the site's PORT (${port}) → a port of its own, or unset`);
  }
  return lines;
}
