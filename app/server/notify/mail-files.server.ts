import fs from "node:fs/promises";
import path from "node:path";
import { getEnv } from "~/server/env.server";
import type { MailRef } from "./mailer.server";

/** Where notifications go as .eml files when SMTP_URL is unset: DATA_DIR/outbox. */
export function fallbackMailDir(): string {
  return path.resolve(getEnv().DATA_DIR, "outbox");
}

/** An outbox row's .eml file name: from the row, so writing it twice leaves one file. */
export function fallbackMailName(ref: MailRef): string {
  return `${ref.createdAt.toISOString().replace(/[:.]/g, "-")}-${ref.id}.eml`;
}

/**
 * Deletes the .eml files (and any half-written temporary copy) of these
 * outbox rows: they hold the visitor's name, phone and message. A file that
 * is already gone is fine. Returns how many were removed.
 */
export async function removeFallbackMail(refs: MailRef[], dir = fallbackMailDir()): Promise<number> {
  if (refs.length === 0) return 0;
  const names = new Set(refs.map(fallbackMailName));
  let entries: string[];
  try {
    entries = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  const doomed = entries.filter((entry) => names.has(entry.replace(/\.\d+\.tmp$/, "")));
  await Promise.all(doomed.map((entry) => fs.rm(path.join(dir, entry), { force: true })));
  return doomed.length;
}
