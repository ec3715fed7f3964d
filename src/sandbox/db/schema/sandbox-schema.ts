import { pgSchema } from 'drizzle-orm/pg-core';

/** Every sandbox table is declared with `sandboxSchema.table(...)`. */
export const sandboxSchema = pgSchema('sandbox');
