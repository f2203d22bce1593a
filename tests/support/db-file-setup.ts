import { resetAuthForTests } from "~/server/auth/auth.server";
import { resetEnvForTests } from "~/server/env.server";
import { workerStartEnv } from "./worker-start-env";

/**
 * Runs before each database test file. The files of one worker share its
 * loaded modules (ADR 079), so what one file set must not reach the next:
 * process.env goes back to what the worker started with, and what was read
 * from it is read again.
 */
for (const name of Object.keys(process.env)) if (!(name in workerStartEnv)) delete process.env[name];
Object.assign(process.env, workerStartEnv);
resetEnvForTests();
resetAuthForTests();
