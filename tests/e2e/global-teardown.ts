import fs from "node:fs";
import { e2eServer, e2eWorkers } from "../../playwright.config";
import { TYPED_TRAVELLER_IDS } from "./traveller-ids";

/**
 * Issue 48: a passport number or PAN is never in the server's log. Each e2e
 * server's whole output for the run goes to its log file as well as to the
 * console (playwright.config.ts); once every test has run, this reads each
 * file and fails the run if any passport number or PAN the tests typed
 * (traveller-ids.ts) is in it, in any letter case.
 */
export default function checkServerLogs() {
  const found: string[] = [];
  for (let index = 0; index < e2eWorkers; index++) {
    const { logFile } = e2eServer(index);
    if (!fs.existsSync(logFile))
      throw new Error(`${logFile} is missing: the e2e server's log was not written, so it cannot be checked for passport numbers and PANs`);
    const lines = fs.readFileSync(logFile, "utf8").toUpperCase().split("\n");
    for (const [what, value] of Object.entries(TYPED_TRAVELLER_IDS)) {
      const line = lines.findIndex((text) => text.includes(value.toUpperCase()));
      // Named masked, as the team sees it: the report itself must not print it.
      if (line >= 0) found.push(`${logFile}:${line + 1}: ${what} (XXXX${value.slice(-4)})`);
    }
  }
  if (found.length > 0) throw new Error(`A passport number or PAN the tests typed is in the server log:\n${found.join("\n")}`);
}
