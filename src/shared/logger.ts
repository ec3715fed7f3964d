/**
 * The logging port of the server layers (core, agent, api, sandbox): the calls they make, and no
 * more. Declared here, in the leaf every layer may import, so that no layer imports the
 * composition root for it; src/main creates the real one (pino), which satisfies it structurally.
 * Call with fields then a message, or a message alone, as pino reads them (main's logger redacts
 * secret-looking fields).
 */
export interface Logger {
  debug(fieldsOrMessage: object | string, msg?: string): void;
  info(fieldsOrMessage: object | string, msg?: string): void;
  warn(fieldsOrMessage: object | string, msg?: string): void;
  error(fieldsOrMessage: object | string, msg?: string): void;
  /** A logger that adds `bindings` to every line (e.g. `{ component: 'agent' }`). */
  child(bindings: Record<string, unknown>): Logger;
}
