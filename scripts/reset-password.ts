// `npm run reset-password -- --email ADDRESS`: a one-time link to choose a new
// password, printed here, for a server without e-mail (issue 49). On the
// embedded database, stop the server first (one process per data directory).
import fs from "node:fs";
import { parseArgs } from "node:util";
import { closeDatabase, databaseConfigFromEnv, DataDirLockedError, openDatabase } from "~/server/db/db.server";
import { getEnv } from "~/server/env.server";
import { activeStaffIdByEmail, createForgottenPasswordLink } from "~/server/user/user-admin.server";
import { formatDateTime } from "~/lib/admin-format";

const { values } = parseArgs({ options: { email: { type: "string", short: "e" } } });
if (!values.email) {
  process.stderr.write("Usage: npm run reset-password -- --email ADDRESS\n");
  process.exit(2);
}
if (fs.existsSync(".env")) process.loadEnvFile(".env");
const env = getEnv();

try {
  await openDatabase(databaseConfigFromEnv(env));
  const userId = await activeStaffIdByEmail(values.email);
  const link = userId ? await createForgottenPasswordLink(userId) : null;
  if (!link) {
    process.stderr.write(`No active staff account has the e-mail address ${values.email}.\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write(
      `Open this link to choose a new password for ${link.user.name} (${link.user.email}). It works once, until ${formatDateTime(link.expiresAt)}:\n${link.url}\n`,
    );
  }
} catch (error) {
  process.stderr.write(
    error instanceof DataDirLockedError
      ? `${error.message}\nThe server has the embedded database open: stop it, run this again, then start it.\n`
      : `Could not make a link: ${(error as Error).message}\n`,
  );
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
