export const SOFTHSM_MODULES: string[];
export function ensureSoftHsm(): void;
