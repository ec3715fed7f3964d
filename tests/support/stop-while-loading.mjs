// `NODE_OPTIONS=--import <this file>`: the process is sent SIGTERM the moment its modules first
// ask for `pg` — while an entry is still loading what it runs on, the window a deploy can hit on a
// busy machine. Tests that an entry listens for the stop before it loads the rest (decision 0078).
import { register } from 'node:module';

register('./stop-while-loading-hooks.mjs', import.meta.url);
