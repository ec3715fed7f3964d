// The confirm room: the poller that finds which submitted legs the network took (snapshot
// scan, then one by one), brings chains with planned or lost legs in line under their lock
// (legs/reconcile-legs.ts) and settles transfers whose legs are final. Imports legs/ and
// model/, never send/.
export { confirmTransfers } from './confirm-transfers.ts';
