export function uncompressed(dir: string): string[];
export function compressDist(dir: string, tmpDir?: string): void;
