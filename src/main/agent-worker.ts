import { listenForStop } from './stop-signal.ts';

/**
 * `npm run agent`: one agent worker process (run-agent-worker.ts). The stop signals are listened
 * for before the worker's modules load (a second or more on a busy machine): a deploy that stops
 * a worker still loading gets a clean exit 0, not a death by signal (decision 0078).
 */
const stopSignal = listenForStop();
const { runAgentWorker } = await import('./run-agent-worker.ts');
await runAgentWorker(stopSignal);
