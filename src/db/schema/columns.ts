import { timestamp } from 'drizzle-orm/pg-core';

/** `timestamp with time zone`, read as a Date: how every table of the product stores an instant. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
