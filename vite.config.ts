import fs from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { writeStamp } from './scripts/build-stamp.mjs';

const root = import.meta.dirname;
export const WEB_STAMP = path.join(root, 'dist/web-build-inputs.json');

/** Records the files this build read, so `npm start` skips the build while none changed. */
function stampInputs(): Plugin {
  return {
    name: 'upsider-stamp-inputs',
    // The server-render build (dist/web-ssr) reads the same sources; the client build stamps.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    writeBundle() {
      const modules = [...this.getModuleIds()].filter((id) => !id.includes('\0'));
      const publicFiles = fs
        .readdirSync(path.join(root, 'src/web/public'), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.join(e.parentPath, e.name));
      const configs = ['vite.config.ts', 'src/web/index.html', 'scripts/compress-dist.mjs'];
      writeStamp(WEB_STAMP, root, [
        ...modules.map((id) => id.split('?')[0] ?? id),
        ...publicFiles,
        ...configs,
      ]);
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), stampInputs()],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      'use-sync-external-store/shim/index.js': path.resolve(
        import.meta.dirname,
        'src/web/lib/use-sync-external-store-shim.ts',
      ),
    },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the product supports has <link rel=modulepreload>; the polyfill would only
    // add bytes to the landing route's budget.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // Seven hash characters, not eight (the fewest the bundler allows for this many chunks): every
      // page's entry carries the names of all chunks it may preload (~80), so one character less
      // each keeps the landing under its 90 KB budget.
      output: {
        // One model-text renderer (features/analyses/components/untrusted-markdown.tsx) serves
        // /analyses/:id and /polymarket; the bundler puts it in the chunk that holds the markdown
        // library and names that chunk after it. A short name instead: the landing's entry
        // carries the name of every chunk it may preload, and 'untrusted-markdown' cost it 16 bytes.
        chunkFileNames: (chunk) =>
          `assets/${chunk.name === 'untrusted-markdown' ? 'md' : '[name]'}-[hash:7].js`,
        codeSplitting: {
          groups: [
            {
              // The Free/Premium table (features/premium/components/plan-comparison-table.tsx)
              // serves the landing and /premium. In a chunk of its own (request, imports, name in
              // every preload map) it cost the landing ~0.35 KB, over its budget; with the data it
              // shows (premium-benefits, feature-availability: both already on the landing, and
              // on /premium and /how-it-works) in one chunk it costs ~60 bytes. Their
              // dependencies stay where they are (the JSX runtime with the entry), and all three
              // are side-effect free, so execution order is not at stake.
              name: 'premium-benefits',
              test: /\/src\/(shared\/(premium-benefits|feature-availability)\.ts|web\/features\/premium\/components\/plan-comparison-table\.tsx)$/,
              includeDependenciesRecursively: false,
            },
            {
              // The icons the landing's sections draw (features/home/components) are each shared with other
              // pages, so each got a chunk of its own: eight requests of ~0.25 KB, mostly import
              // and gzip overhead, and eight names in every preload map. In one chunk the landing
              // loads 1.2 KB less; /how-it-works, /leaderboard, /polymarket and /dashboard load
              // 0.1-0.5 KB more (icons they do not draw). check and arrow-right stay apart: in
              // this chunk they would bring all eight to /premium and /digital-evidence.
              name: 'icons',
              test: /\/lucide-react\/dist\/esm\/icons\/(send|sparkles|wallet|circle-exclamation-point|fingerprint-pattern|link-2|chevron-down|circle-check)\.mjs$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev`: the API server runs on PORT+1 and Vite proxies to it.
    proxy: {
      '/api': `http://127.0.0.1:${Number(process.env.API_PORT ?? 3001)}`,
      '/sandbox': `http://127.0.0.1:${Number(process.env.API_PORT ?? 3001)}`,
    },
  },
});
