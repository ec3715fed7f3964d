import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL `bytea` as a Node Buffer (rendered videos, their poster frames). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
