import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts", "vite-plugins/**/*.test.ts"],
          exclude: ["**/*.db.test.ts", "node_modules/**"],
          environment: "node",
        },
      },
      {
        // Database integration tests: PGlite in memory, or PostgreSQL when
        // TEST_DATABASE_URL is set. Each file starts from a copy of a migrated
        // (or seeded) template that the global setup makes once per run
        // (tests/support/test-db.ts, ADR 055). On PostgreSQL one file at a time:
        // they share that database. On PGlite each file's database is its own,
        // in its own worker's memory, so files run side by side (ADR 062).
        extends: true,
        test: {
          name: "db",
          include: ["app/**/*.db.test.ts", "server/**/*.db.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/db-global-setup.ts"],
          fileParallelism: !process.env.TEST_DATABASE_URL,
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
