/** Drops the database `databaseUrl` names and makes it again, empty (scripts/e2e-database.mjs). */
export function emptyDatabase(databaseUrl: string): Promise<void>;
