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
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts"],
          exclude: ["**/*.db.test.ts", "node_modules/**"],
          environment: "node",
        },
      },
      {
        // Database integration tests: PGlite in memory, or PostgreSQL when
        // TEST_DATABASE_URL is set. One file at a time: they share that database.
        // Each file starts from a copy of a migrated (or seeded) template that
        // the global setup makes once per run (tests/support/test-db.ts, ADR 055).
        extends: true,
        test: {
          name: "db",
          include: ["app/**/*.db.test.ts", "server/**/*.db.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/db-global-setup.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
