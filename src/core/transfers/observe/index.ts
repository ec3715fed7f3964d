// Stage 4, observe: where a submitted leg stands on the network, per leg and per snapshot.
export { observeLeg } from './observe-leg.ts';
export { type OpenLeg, type ScanResult, scanSnapshots } from './snapshot-scan.ts';
