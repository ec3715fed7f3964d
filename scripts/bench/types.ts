/** What every bench section gets: paths, the browser to use and the production server. */
export interface BenchContext {
  /** Built web app (dist/web). */
  distDir: string;
  /** Chromium binary (CHROME_PATH, default /usr/bin/chromium). */
  chromePath: string;
  /** Starts the production server on 127.0.0.1 the first time it is asked for; returns its origin. */
  server(): Promise<string>;
}

/**
 * One part of `npm run bench` (bundle sizes, Lighthouse, later transfers and agent commands
 * per second). It prints its own figures; a thrown error fails the whole run.
 */
export interface BenchSection {
  title: string;
  /** Minutes it may need beyond the run's usual 30 (a long section, when it is selected). */
  minutes?: number;
  run(ctx: BenchContext): Promise<void>;
}

/** Chromium flags for a quiet headless browser that talks to nothing but our loopback server. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
