import { describe, expect, it } from "vitest";
import { backupFileName, backupsToKeep, dueBackupDay } from "./backup-job.server";

/** A backup a day at 02:30 IST (21:00 UTC the day before) for `days` days up to 2026-11-26. */
function dailyBackups(days: number): string[] {
  const last = Date.UTC(2026, 10, 25, 21, 0, 0);
  return Array.from({ length: days }, (_, i) => backupFileName(new Date(last - i * 86_400_000), false));
}

describe("backup retention", () => {
  it("keeps 7 daily, 4 weekly and 6 monthly backups", () => {
    const names = dailyBackups(400);
    const keep = [...backupsToKeep(names)].sort().reverse();
    // The newest 7 days, then Mondays' weeks and months fill in further back.
    expect(keep.slice(0, 7)).toEqual(names.slice(0, 7));
    expect(keep.length).toBeGreaterThanOrEqual(7 + 4 - 2);
    expect(keep.length).toBeLessThanOrEqual(7 + 4 + 6);
    const months = new Set(keep.map((name) => name.slice(7, 13)));
    expect(months.size).toBe(6);
    // Nothing older than six months stays.
    expect(keep.at(-1)! >= "pravas-20260601").toBe(true);
    // Files that are not backups are never counted or deleted.
    expect(backupsToKeep([...names.slice(0, 2), "notes.txt"]).has("notes.txt")).toBe(false);
  });

  it("runs the daily backup from the scheduled Indian time onwards", () => {
    expect(dueBackupDay("02:30", new Date("2026-11-25T20:59:00Z"))).toBeNull(); // 02:29 IST
    expect(dueBackupDay("02:30", new Date("2026-11-25T21:00:00Z"))).toBe(20261126); // 02:30 IST
    expect(dueBackupDay("off", new Date("2026-11-26T12:00:00Z"))).toBeNull();
  });
});
