// PostgreSQL tests: `TEST_DATABASE_URL=postgres://... npx vitest run --config src/server/vitest.pg.config.ts`.
// Kept out of the default run (they need a database server); CI runs them with TEST_DATABASE_URL set.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/server/**/*.pgtest.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
