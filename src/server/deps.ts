import type { Db } from '../db/client.ts';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';

/** What route handlers and services receive: built once in main.ts (or a test), passed down. */
export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
}
