import type { AgentRuntime } from '../agent/runtime.ts';
import type { Db } from '../db/client.ts';
import type { Config } from './config.ts';
import type { ConstellationClient } from './constellation/index.ts';
import type { TokenCipher } from './crypto/token-cipher.ts';
import type { Logger } from './logger.ts';
import type { XClient } from './x/client.ts';

/** What route handlers and services receive: built once in main.ts (or a test), passed down. */
export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  /** The current time. Everything time-based (sessions, token expiry, caps) reads it; tests fake it. */
  now: () => Date;
  /** The product's X client: the real X, or the local X in sandbox mode. */
  x: XClient;
  /** Encrypts the X tokens users grant (AES-256-CBC + HMAC-SHA256). */
  tokenCipher: TokenCipher;
  /** Constellation nodes and block explorer (DAG, UP, DOR): mainnet, or the local network in sandbox mode. */
  constellation: ConstellationClient;
  /** The X agent (worker loops, console engine), when this process runs it. */
  agent?: AgentRuntime;
}
