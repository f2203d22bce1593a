import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PRIVATE_UMASK, tightenPrivateDir } from "./private-data-dir";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function scratch() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pravas-private-"));
  made.push(dir);
  return dir;
}

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe("the private data directory", () => {
  it("takes group and other access off an existing directory and says what changed", () => {
    const dir = scratch();
    fs.mkdirSync(path.join(dir, "pglite", "base"), { recursive: true });
    fs.writeFileSync(path.join(dir, "pglite", "base", "1234"), "rows");
    fs.writeFileSync(path.join(dir, "session-secret"), "s");
    fs.mkdirSync(path.join(dir, "outbox"));
    fs.writeFileSync(path.join(dir, "outbox", "1.eml"), "mail");
    for (const file of ["pglite/base/1234", "session-secret"]) fs.chmodSync(path.join(dir, file), 0o666);
    fs.chmodSync(path.join(dir, "outbox", "1.eml"), 0o644);
    for (const sub of ["", "pglite", "pglite/base", "outbox"]) fs.chmodSync(path.join(dir, sub), 0o777);

    const report = tightenPrivateDir(dir);

    expect(report.changed).toBe(7);
    expect(report.examples[0]).toBe(". 777 -> 700");
    for (const sub of ["", "pglite", "pglite/base", "outbox"]) expect(modeOf(path.join(dir, sub))).toBe(0o700);
    for (const file of ["pglite/base/1234", "session-secret", "outbox/1.eml"]) expect(modeOf(path.join(dir, file))).toBe(0o600);
    expect(tightenPrivateDir(dir).changed).toBe(0);
  });

  it("creates a missing directory 0700, and files made under the umask are 0600", () => {
    const dir = path.join(scratch(), "data");
    tightenPrivateDir(dir);
    expect(modeOf(dir)).toBe(0o700);
    const previous = process.umask(PRIVATE_UMASK);
    try {
      fs.writeFileSync(path.join(dir, "journal"), "1\n");
      fs.mkdirSync(path.join(dir, "uploads"));
    } finally {
      process.umask(previous);
    }
    expect(modeOf(path.join(dir, "journal"))).toBe(0o600);
    expect(modeOf(path.join(dir, "uploads"))).toBe(0o700);
  });
});
