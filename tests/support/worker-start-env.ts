/**
 * process.env as it was when this test worker first loaded it. A module of
 * its own, so that the worker keeps it across files (its modules are shared,
 * ADR 079) while db-file-setup.ts runs again for each file.
 */
export const workerStartEnv: Readonly<NodeJS.ProcessEnv> = { ...process.env };
