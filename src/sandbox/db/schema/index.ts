// Tables of the local simulators. They live in their own PostgreSQL schema, `sandbox`, with their
// own migrations (drizzle-sandbox/), applied only when the sandbox is mounted: a production
// database never gets them.

export * from './constellation.ts';
export * from './demo.ts';
export * from './evidence.ts';
export * from './faults.ts';
export * from './polymarket.ts';
export { sandboxSchema } from './sandbox-schema.ts';
export * from './x.ts';
export * from './x-billing.ts';
