import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError, processStartTime } from "./db.server";

const dirs: string[] = [];
const children: ChildProcess[] = [];
function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pravas-lock-"));
  dirs.push(dir);
  return path.join(dir, "pglite");
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the embedded database's data-directory lock", () => {
  it("creates the directory and refuses a second process while the first is alive", async () => {
    const dataDir = tempDataDir();
    const lockFile = `${dataDir}.lock`;
    // Another live process holds the lock (its pid is in the file).
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    children.push(other);
    fs.mkdirSync(dataDir, { recursive: true });
    const lock = `${other.pid} ${processStartTime(other.pid!)}`;
    fs.writeFileSync(lockFile, lock);

    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dataDir)).toThrow(/in use by another Pravas server/);
    expect(fs.readFileSync(lockFile, "utf8")).toBe(lock);
  });

  it("records its own pid and start time", () => {
    const dataDir = tempDataDir();
    const release = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(`${dataDir}.lock`, "utf8")).toBe(`${process.pid} ${processStartTime(process.pid)}`);
    release();
  });

  it("takes over a stale lock whose pid now belongs to an unrelated process", () => {
    const dataDir = tempDataDir();
    // The pid is alive (an unrelated process reused it), but it started at another time than the lock says.
    const unrelated = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    children.push(unrelated);
    fs.mkdirSync(dataDir, { recursive: true });
    const startTime = Number(processStartTime(unrelated.pid!));
    fs.writeFileSync(`${dataDir}.lock`, `${unrelated.pid} ${startTime - 1000}`);

    const release = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(`${dataDir}.lock`, "utf8")).toBe(`${process.pid} ${processStartTime(process.pid)}`);
    release();
  });

  it("takes over a stale lock left by a dead process, and releases it", async () => {
    const dataDir = tempDataDir();
    const dead = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => dead.on("exit", resolve));
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(`${dataDir}.lock`, String(dead.pid));

    const release = acquireDataDirLock(dataDir);
    expect(fs.existsSync(dataDir)).toBe(true);
    expect(fs.readFileSync(`${dataDir}.lock`, "utf8")).toMatch(new RegExp(`^${process.pid} \\d+$`));
    release();
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
  });
});
