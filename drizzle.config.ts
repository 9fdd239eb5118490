/** drizzle-kit: `npx drizzle-kit generate` writes a migration for a schema change into server/migrations (committed). */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/migrations',
});
