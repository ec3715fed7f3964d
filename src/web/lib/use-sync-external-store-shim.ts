/**
 * Stands in for the `use-sync-external-store/shim` package (vite.config.ts alias). Wouter
 * imports the shim to support React 16/17; React 19 has the hook built in, and the shim's
 * fallback code would ride on every page's first load (the landing's 90 KB JS budget).
 */
export { useSyncExternalStore } from 'react';
