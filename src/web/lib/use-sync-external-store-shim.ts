/**
 * Stands in for the `use-sync-external-store/shim` package (vite.config.ts alias). Wouter
 * imports the shim to support React 16/17; React 19 has the hook built in, and the shim's
 * fallback code would ride on every page's first load (issue 11's landing JS budget).
 */
export { useSyncExternalStore } from 'react';
