import type { Plugin } from 'esbuild';

export const SERVER_ENTRY: string;
export const SERVER_OUT: string;
export const SERVER_STAMP: string;
export const externalPackages: Plugin;
export function buildServer(): Promise<void>;
