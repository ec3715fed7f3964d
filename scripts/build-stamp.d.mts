export const ALWAYS: string[];
export function writeStamp(stampPath: string, root: string, files: Iterable<string>): void;
export function stampIsFresh(stampPath: string, root: string): boolean;
