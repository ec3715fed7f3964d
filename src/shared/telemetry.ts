/**
 * The observation port of the server layers (db, integrations, core, agent, api): what they tell
 * the process's metrics as things happen, and the ids every log line inside a request or a job
 * carries. Declared here, in the leaf every layer may import, with a do-nothing default; src/main
 * installs the real one (prom-client histograms, an AsyncLocalStorage read by the logger) once per
 * process (main/metrics). Durations are in seconds, as Prometheus counts them.
 */
export interface Telemetry {
  /** An HTTP request answered; `route` is the matched pattern (bounded), never the raw URL. */
  httpRequest(route: string, method: string, status: number, seconds: number): void;
  /** A durable-queue job handled (`outcome`: done, retry, failed). */
  job(queue: string, kind: string, outcome: string, seconds: number): void;
  /** A reply posted on X: the time from the mention being posted to the reply being sent. */
  agentReplySent(seconds: number): void;
  /** One LLM completion asked (all its attempts), `outcome` ok or error. */
  llmRequest(outcome: string, seconds: number): void;
  /** One promotion video rendered (or not, `outcome` error). */
  videoRender(outcome: string, seconds: number): void;
  /** A transfer confirmed: seconds from its intent being recorded to its confirmation. */
  transferConfirmed(token: string, seconds: number): void;
  /** The latest snapshot ordinal the confirmation poller read for a token. */
  snapshotSeen(token: string, ordinal: bigint): void;
  /**
   * Runs `fn` with `ids` bound to every log line written inside it (across awaits): a request id,
   * a job id, the post a job is for. Nested calls add to the outer ids.
   */
  withLogIds<T>(ids: Record<string, string>, fn: () => T): T;
}

const noop: Telemetry = {
  httpRequest() {},
  job() {},
  agentReplySent() {},
  llmRequest() {},
  videoRender() {},
  transferConfirmed() {},
  snapshotSeen() {},
  withLogIds: (_ids, fn) => fn(),
};

let current: Telemetry = noop;

/** Installs the process's telemetry (src/main does, once metrics and logging exist). */
export function installTelemetry(t: Telemetry) {
  current = t;
}

/** The process's telemetry: forwards to what main installed, or does nothing. */
export const telemetry: Telemetry = {
  httpRequest: (...a) => current.httpRequest(...a),
  job: (...a) => current.job(...a),
  agentReplySent: (...a) => current.agentReplySent(...a),
  llmRequest: (...a) => current.llmRequest(...a),
  videoRender: (...a) => current.videoRender(...a),
  transferConfirmed: (...a) => current.transferConfirmed(...a),
  snapshotSeen: (...a) => current.snapshotSeen(...a),
  withLogIds: (ids, fn) => current.withLogIds(ids, fn),
};

/** Seconds since `startMs` (a `performance.now()` reading). */
export const secondsSince = (startMs: number) => (performance.now() - startMs) / 1000;

/** X's snowflake epoch: a post id's top bits are milliseconds since it. */
const X_EPOCH_MS = 1288834974657n;

/** When an X post was posted, read from its id (a snowflake); null for any other id. */
export function postedAtFromId(id: string): Date | null {
  if (!/^[0-9]{15,19}$/.test(id)) return null;
  const ms = Number((BigInt(id) >> 22n) + X_EPOCH_MS);
  return ms > 1_300_000_000_000 ? new Date(ms) : null;
}
