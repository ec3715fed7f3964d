// Stage 3, submit: a recorded intent moved forward under its source lock (leftovers first, then
// plan and post in order), and a chain's unfinished legs resubmitted byte for byte or rejected.
export { processTransfer } from './process-transfer.ts';
export { reconcileLegs } from './reconcile-legs.ts';
