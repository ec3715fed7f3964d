// A worker thread does not inherit the `--import tsx` loader: register it, then run the twin.
import { register } from 'tsx/esm/api';

register();
await import('./constellation-twin-worker.ts');
