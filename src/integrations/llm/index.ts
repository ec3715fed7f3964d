export * from './client.ts';
export * from './errors.ts';
export type { ChatMessage, LlmUsage } from './schemas.ts';
