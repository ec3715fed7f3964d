import { text, timestamp } from 'drizzle-orm/pg-core';
import { sandboxSchema } from './sandbox-schema.ts';

/** Steps of the first-start demo that have finished: each runs once per database. */
export const demoSteps = sandboxSchema.table('demo_steps', {
  name: text('name').primaryKey(),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
});
