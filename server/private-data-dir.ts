import fs from "node:fs";
import path from "node:path";

/**
 * DATA_DIR holds password hashes, sessions, visitors' personal data and the
 * session secret: only the server's own user may read it. New files are
 * created private by the process umask (set once at start, before anything is
 * written); a directory made by an older version, or copied in, is tightened here.
 */
export const PRIVATE_UMASK = 0o077;
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

type TightenReport = { changed: number; examples: string[] };

/** Creates `dir` 0700 if missing, and takes group and other access off everything in it. */
export function tightenPrivateDir(dir: string): TightenReport {
  fs.mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  const report: TightenReport = { changed: 0, examples: [] };
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    if (stat.isSymbolicLink()) return; // its target is not ours to change
    const wanted = stat.isDirectory() ? DIR_MODE : FILE_MODE;
    // Keep the owner's own bits (an executable stays executable for us), drop the rest.
    const mode = stat.isDirectory() ? wanted : (stat.mode & 0o700) | FILE_MODE;
    if ((stat.mode & 0o777) !== mode) {
      fs.chmodSync(entry, mode);
      report.changed++;
      if (report.examples.length < 5) report.examples.push(`${path.relative(dir, entry) || "."} ${(stat.mode & 0o777).toString(8)} -> ${mode.toString(8)}`);
    }
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(dir);
  return report;
}
