import path from "node:path";
import { and, eq, inArray, isNotNull, like, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { getDb, type Db } from "~/server/db/db.server";
import { bookings, media, paymentLedger } from "~/server/db/schema.server";
import type { DbExecutor } from "~/server/jobs/jobs.server";
import { deleteStoredFilesIfUnclaimed } from "~/server/media/media-files.server";
import { mediaContentType } from "~/server/media/media-headers.server";
import { loadMediaUses } from "~/server/media/media-uses.server";
import { deletePrivateFiles, getPrivateStore, type PrivateFileStore } from "~/server/media/private-store.server";
import { NEW_PROOF_KEY } from "~/server/media/proof-uploads.server";
import { getMediaStorage, type MediaStorage } from "~/server/media/storage.server";

/**
 * Payment proofs (ADR 114): a traveller's UPI screenshot or bank slip, kept in
 * the private store and read only through the proof route, which asks who is
 * signed in. `payment_ledger.proof_key` is never changed (the ledger is only
 * added to, ADR 090), so a proof recorded before this (a /media address) has
 * its private key by rule: `/media/<key>` → `proofs/legacy/<key>`.
 */

const LEGACY_PREFIX = "/media/";
const LEGACY_KEY = /^\/media\/[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** Where a ledger row's proof lives in the private store, or null for a value that names none. */
export function proofStoreKey(proofKey: string | null): string | null {
  if (!proofKey) return null;
  if (NEW_PROOF_KEY.test(proofKey)) return proofKey;
  if (LEGACY_KEY.test(proofKey) && !proofKey.split("/").includes("..")) return `proofs/legacy/${proofKey.slice(LEGACY_PREFIX.length)}`;
  return null;
}

/** Where the money panel links a payment's proof: the proof route, never the file. */
export const proofHref = (reference: string, ledgerId: number) => `/admin/bookings/${encodeURIComponent(reference)}/payments/${ledgerId}/proof`;

/**
 * A proof the record-payment form names: one uploaded here and stored, and not
 * already another booking's (a payment corrected on this booking may carry
 * its proof again). A message for the field, or null when it may be used.
 */
export async function proofKeyProblem(proofKey: string | null, bookingId: number, db: Db = getDb()): Promise<string | null> {
  if (!proofKey) return null;
  if (!NEW_PROOF_KEY.test(proofKey) || !(await getPrivateStore().exists(proofKey))) return "Upload the proof again: it was not found.";
  const [elsewhere] = await db
    .select({ id: paymentLedger.id })
    .from(paymentLedger)
    .where(and(eq(paymentLedger.proofKey, proofKey), sql`${paymentLedger.bookingId} <> ${bookingId}`))
    .limit(1);
  return elsewhere ? "This proof is on another booking's payment: upload it again for this one." : null;
}

/** The bytes and headers of a payment's proof; null when the booking has no such payment with a proof, or it is no longer stored. */
export async function paymentProofFile(reference: string, ledgerId: number, db: Db = getDb()) {
  const [row] = await db
    .select({ proofKey: paymentLedger.proofKey })
    .from(paymentLedger)
    .innerJoin(bookings, eq(bookings.id, paymentLedger.bookingId))
    .where(and(eq(bookings.reference, reference), eq(paymentLedger.id, ledgerId), eq(paymentLedger.kind, "payment")));
  const key = proofStoreKey(row?.proofKey ?? null);
  if (!key) return null;
  const store = getPrivateStore();
  // Gone: deleted with the traveller's personal data (or never moved).
  if (!(await store.exists(key))) return null;
  const bytes = await store.read(key);
  return { bytes, headers: proofHeaders(key, `${reference}-payment-${ledgerId}-proof${path.extname(key).toLowerCase()}`) };
}

/**
 * A proof's answer: never cached anywhere (`private, no-store`), never sniffed
 * as anything but its type; a PDF is a download and, if a browser renders it
 * anyway, sandboxed; an image opens in the tab.
 */
export function proofHeaders(key: string, fileName: string): Record<string, string> {
  const pdf = key.toLowerCase().endsWith(".pdf");
  const safeName = fileName.replace(/[^\w.-]/g, "_");
  return {
    "Content-Type": mediaContentType(key),
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": `${pdf ? "attachment" : "inline"}; filename="${safeName}"`,
    "Content-Security-Policy": "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:",
  };
}

/** The private keys of these bookings' proofs (for their erasure, after its commit). */
export async function proofKeysOfBookings(bookingIds: number[], db: DbExecutor): Promise<string[]> {
  if (bookingIds.length === 0) return [];
  const rows = await db
    .select({ proofKey: paymentLedger.proofKey })
    .from(paymentLedger)
    .where(and(inArray(paymentLedger.bookingId, bookingIds), isNotNull(paymentLedger.proofKey)));
  return [...new Set(rows.map((row) => proofStoreKey(row.proofKey)).filter((key): key is string => key !== null))];
}

/** Deletes proofs from the private store; a file that cannot be deleted is logged, not thrown (the rows are gone already). */
export const deleteProofFiles = (keys: string[], store?: PrivateFileStore): Promise<number> => deletePrivateFiles(keys, "a payment proof", store);

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Proofs uploaded but never recorded with a payment (the form abandoned),
 * once a day old: deleted. One listing of the store, one read of the ledger's
 * proof keys. Proofs of recorded payments stay (the ledger cites them).
 */
export async function sweepOrphanProofs(options: { now?: number; db?: Db; store?: PrivateFileStore } = {}): Promise<string[]> {
  const { now = Date.now() } = options;
  const db = options.db ?? getDb();
  const store = options.store ?? getPrivateStore();
  const used = new Set(
    (await db.select({ proofKey: paymentLedger.proofKey }).from(paymentLedger).where(like(paymentLedger.proofKey, "proofs/%"))).map((row) => row.proofKey),
  );
  const orphans: string[] = [];
  for await (const file of store.list()) {
    if (!NEW_PROOF_KEY.test(file.key) || used.has(file.key)) continue;
    if (!file.modifiedAt || now - file.modifiedAt.getTime() < DAY_MS) continue;
    orphans.push(file.key);
  }
  await deleteProofFiles(orphans, store);
  return orphans;
}

type LegacyReport = { moved: number; already: number; missing: number; publicFilesDeleted: number };

/**
 * Moves the proofs recorded before ADR 114 out of the public media store, at
 * start (server/boot.ts): each `/media/…` proof is copied to its private key,
 * then its media row (not in use anywhere: a proof never was) and every file
 * of it are deleted from the public store. Idempotent: a proof already moved
 * is only checked, and a start after a crash midway finishes the rest.
 */
export async function moveLegacyProofs(options: { db?: Db; media?: MediaStorage; store?: PrivateFileStore; logger?: Logger } = {}): Promise<LegacyReport> {
  const db = options.db ?? getDb();
  const mediaStore = options.media ?? getMediaStorage();
  const store = options.store ?? getPrivateStore();
  const report: LegacyReport = { moved: 0, already: 0, missing: 0, publicFilesDeleted: 0 };
  const rows = await db
    .selectDistinct({ proofKey: paymentLedger.proofKey })
    .from(paymentLedger)
    .where(like(paymentLedger.proofKey, `${LEGACY_PREFIX}%`));
  for (const { proofKey: url } of rows) {
    const key = proofStoreKey(url);
    const publicKey = url ? mediaStore.keyOf(url) : null;
    if (!url || !key || !publicKey) continue;
    if (await store.exists(key)) report.already += 1;
    else if (await mediaStore.exists(publicKey)) {
      await store.put(key, await mediaStore.read(publicKey));
      report.moved += 1;
    } else {
      report.missing += 1;
      options.logger?.warn({ proof: url }, "a payment proof is in neither the media store nor the private store");
      continue;
    }
    // The upload's media row (an image has several files, its variants) and its files, unless something shows it.
    const [row] = await db
      .select({ id: media.id, key: media.key, url: media.url, variants: media.variants })
      .from(media)
      .where(or(eq(media.url, url), sql`${media.variants} @> ${JSON.stringify([{ url }])}::jsonb`))
      .limit(1);
    // Moved before, and nothing of it left in public: done.
    if (!row && !(await mediaStore.exists(publicKey))) continue;
    const files = row ? [...(row.url ? [row.url] : []), ...row.variants.map((variant) => variant.url)] : [url];
    if (row) {
      const uses = await loadMediaUses(db, [row]);
      if ((uses.get(row.key) ?? []).length > 0) {
        options.logger?.warn({ proof: url, media: row.key }, "a payment proof's upload is also used on the site: its public files stay");
        continue;
      }
      await db.delete(media).where(eq(media.id, row.id));
    }
    report.publicFilesDeleted += (await deleteStoredFilesIfUnclaimed(files, { db, storage: mediaStore })).length;
  }
  if (report.moved + report.missing + report.publicFilesDeleted > 0) options.logger?.info(report, "payment proofs moved out of the public media store");
  return report;
}
