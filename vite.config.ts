import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    // `npm run dev`: the API server runs on PORT+1 and Vite proxies to it.
    proxy: {
      '/api': `http://127.0.0.1:${Number(process.env.API_PORT ?? 3001)}`,
      '/sandbox': `http://127.0.0.1:${Number(process.env.API_PORT ?? 3001)}`,
    },
  },
});
