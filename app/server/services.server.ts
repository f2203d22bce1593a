import type { Logger } from "pino";
import type { BackupStore } from "~/server/backup/backup-store.server";
import type { OpenDatabase } from "~/server/db/db.server";
import type { Limits } from "~/server/limits/limits.server";
import type { PrivateFileStore } from "~/server/media/private-store.server";
import type { MediaStorage } from "~/server/media/storage.server";
import type { PaymentGateway } from "~/server/payment/gateway.server";

/**
 * What the server creates once at start (server/boot.ts, server/app.ts), read
 * through getDb, getLogger, getMediaStorage, getBackupStore, serverLimit and nudgeJobs.
 * The server is one bundle (ADR 052): this module, like any, is evaluated once per process.
 */
type Services = {
  db?: OpenDatabase;
  logger?: Logger;
  mediaStorage?: MediaStorage;
  /** Payment proofs (ADR 114): never under /media. */
  privateStore?: PrivateFileStore;
  jobsNudge?: () => void;
  backupStore?: BackupStore;
  /** The form limit and the sign-in throttle, made at their first use once the database is open (ADR 060). */
  limits?: Limits;
  /** PAYMENT_GATEWAY's adapter (ADR 090), made at start. */
  paymentGateway?: PaymentGateway;
};

// The app's one globalThis, in development only: Vite evaluates a module again
// when its file changes, and a new copy of this one must still find the open
// database (whose lock the old copy holds), the logger and the media storage.
export const services: Services =
  process.env.NODE_ENV === "development" ? ((globalThis as typeof globalThis & { __pravasDevServices?: Services }).__pravasDevServices ??= {}) : {};
