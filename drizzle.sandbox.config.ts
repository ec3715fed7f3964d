import { defineConfig } from 'drizzle-kit';

// Migrations for the local simulators' tables (schema `sandbox`), kept apart from the product's.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/sandbox/db/schema/index.ts',
  out: './drizzle-sandbox',
  schemaFilter: ['sandbox'],
});
