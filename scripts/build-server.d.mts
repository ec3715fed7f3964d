import type { BuildOptions, Plugin } from 'esbuild';

export const SERVER_ENTRY: string;
export const SERVER_OUT: string;
export const SERVER_STAMP: string;
export const externalPackages: Plugin;
export const serverCompileOptions: BuildOptions;
export function buildServer(): Promise<void>;
