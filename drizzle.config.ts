import { defineConfig } from "drizzle-kit";

// Only generates SQL from the schema; migrations are applied by the server at start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/server/db/schema.server.ts",
  out: "./drizzle",
});
