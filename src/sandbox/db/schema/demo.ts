import { text } from 'drizzle-orm/pg-core';
import { timestamptz } from '@/db/schema/columns.ts';
import { sandboxSchema } from './sandbox-schema.ts';

/** Steps of the first-start demo that have finished: each runs once per database. */
export const demoSteps = sandboxSchema.table('demo_steps', {
  name: text('name').primaryKey(),
  finishedAt: timestamptz('finished_at').notNull(),
});
