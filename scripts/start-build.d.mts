import type { ChildProcess } from 'node:child_process';

export function buildWeb(
  root: string,
  due: { client: boolean; serverRender: boolean },
): { client: Promise<void>; serverRender: Promise<void> };
export function compressInBackground(
  root: string,
): { child: ChildProcess; done: Promise<number | null> } | null;
