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
          // One worker process runs many unit files, keeping the modules it has
          // loaded, instead of a new process per file: half the project's CPU
          // (ADR 079). No unit test mocks modules; env.server.test.ts restores
          // process.env. The db project stays isolated (a database per file).
          isolate: false,
        },
      },
      {
        // Database integration tests. Each file starts from a copy of a migrated
        // (or seeded) template that the global setup makes once per run
        // (tests/support/test-db.ts, ADR 055).
        // - Without TEST_DATABASE_URL: every *.db.test.ts on PGlite in memory. Each
        //   file's database is its own, in its own worker's memory, so files run
        //   side by side (ADR 062).
        // - With TEST_DATABASE_URL: only *.pg.db.test.ts, the files whose behaviour
        //   depends on the engine (locks, racing callers, several connections or
        //   servers, hand-written SQL read back, extensions, migrations, backups;
        //   ADR 084), one at a time: they share that database. DB_TESTS=all runs
        //   every db file there.
        extends: true,
        test: {
          name: "db",
          include:
            process.env.TEST_DATABASE_URL && process.env.DB_TESTS !== "all"
              ? ["app/**/*.pg.db.test.ts", "server/**/*.pg.db.test.ts"]
              : ["app/**/*.db.test.ts", "server/**/*.db.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/db-global-setup.ts"],
          // Files share their worker's loaded modules, as unit files do (ADR 079): importing
          // the app was most of a file's cost. Each still opens a database of its own, and
          // db-file-setup.ts gives it the worker's first process.env and fresh env-derived state.
          isolate: false,
          setupFiles: ["tests/support/db-file-setup.ts"],
          fileParallelism: !process.env.TEST_DATABASE_URL,
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
