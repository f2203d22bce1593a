import fs from "node:fs";
import path from "node:path";
import { pino } from "pino";
import { getEnv } from "~/server/env.server";
import { closeDatabase, databaseConfigFromEnv, DataDirLockedError, getDb, openDatabase } from "~/server/db/db.server";
import { seedDatabase } from "~/server/seed/seed.server";
import { mediaStorageFromEnv, s3SettingsFrom } from "~/server/media/media-store.server";
import { privateStoreFromEnv, setPrivateStore } from "~/server/media/private-store.server";
import { moveLegacyProofs } from "~/server/payment-ledger/payment-proofs.server";
import { bumpContentVersion, noteContentWritten } from "~/server/cache/content-version.server";
import { setLogger } from "~/server/logger.server";
import { startRetentionSweep } from "~/server/enquiry/retention.server";
import { AdjustableClock, systemClock } from "~/server/content/clock.server";
import { startRevisionSweep } from "~/server/content/revision-sweep.server";
import { ScheduledPublisher } from "~/server/content/schedule.server";
import { scheduledPublishHandlers } from "~/server/content/content-descriptor.server";
import { contentRegistry } from "~/server/registry/content-registry.server";
import { DigestScheduler } from "~/server/enquiry/digest.server";
import { BookingSweeper } from "~/server/booking/booking-sweep.server";
import { PRIVATE_UMASK, tightenPrivateDir } from "./private-data-dir";
import { requestsInFlight } from "./requests-in-flight";
import { backupStoreFromEnv } from "~/server/backup/backup-env.server";
import { backupSocketPath, startBackupSocket } from "~/server/backup/backup-socket.server";
import { startBackupScheduler } from "~/server/backup/backup-job.server";
import { setBackupStore } from "~/server/backup/backup-store.server";
import { getMediaStorage } from "~/server/media/storage.server";
import { queuePortraitCuts } from "~/server/media-library/portrait-backfill.server";
import { createJobWorker } from "./job-worker";
import { paymentGatewayFromEnv } from "~/server/payment/gateway-from-env.server";
import { setPaymentGateway } from "~/server/payment/payment-gateway-service.server";

/** Validates env, opens and migrates the database, seeds it. Shared by dev and production. */
export async function boot() {
  // A local .env is optional; real environment variables win over it.
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  const env = getEnv();
  const logger = pino({
    level: env.LOG_LEVEL,
    transport: env.NODE_ENV === "development" ? { target: "pino-pretty" } : undefined,
  });
  setLogger(logger);
  // Everything this process writes (database, outbox .eml files, secrets, partial
  // uploads) is for its own user only; an older, looser DATA_DIR is tightened.
  process.umask(PRIVATE_UMASK);
  const tightened = tightenPrivateDir(path.resolve(env.DATA_DIR));
  if (tightened.changed > 0) logger.warn({ dir: path.resolve(env.DATA_DIR), ...tightened }, "made the data directory private (0700 directories, 0600 files)");
  const dbConfig = databaseConfigFromEnv(env);
  try {
    await openDatabase(dbConfig);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`\n${error.message}\n\n`);
      process.exit(1);
    }
    throw error;
  }
  logger.info({ database: dbConfig.kind }, "database ready");
  // PGlite writes a new database's files from a template with their modes
  // (0666), past the umask: they are tightened once it is open.
  if (dbConfig.kind === "pglite") tightenPrivateDir(path.resolve(env.DATA_DIR));

  const mediaDir = path.resolve(env.MEDIA_DIR ?? path.join(env.DATA_DIR, "media"));
  // Local disk unless MEDIA_STORE=s3 (ADR 053); the seed's photos go where media lives.
  const mediaStorage = await mediaStorageFromEnv(env, mediaDir);
  if (env.MEDIA_STORE === "s3") logger.info({ bucket: env.S3_BUCKET, endpoint: env.S3_ENDPOINT, publicUrl: env.MEDIA_PUBLIC_URL }, "media in an S3 bucket");
  // Payment proofs (ADR 114): DATA_DIR/private, or the bucket's private/ (or S3_PRIVATE_BUCKET); never /media.
  const privateStore = await privateStoreFromEnv(env);
  setPrivateStore(privateStore);
  if (env.MEDIA_STORE === "s3" && env.MEDIA_PUBLIC_URL && !env.S3_PRIVATE_BUCKET) {
    logger.warn(
      { bucket: env.S3_BUCKET },
      "payment proofs are under private/ in the media bucket, which MEDIA_PUBLIC_URL serves: set S3_PRIVATE_BUCKET, or make sure the bucket's public policy leaves private/ out",
    );
  }
  const result = await seedDatabase(getDb(), {
    mediaDir: mediaStorage,
    admin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, name: env.ADMIN_NAME },
    contact: {
      phone: env.CONTACT_PHONE,
      phoneSecondary: env.CONTACT_PHONE_SECONDARY,
      email: env.CONTACT_EMAIL,
      whatsapp: env.CONTACT_WHATSAPP,
    },
    log: (message) => logger.info(message),
  });
  printAdminHint(env, result.generatedAdminPassword);
  // Proofs recorded before ADR 114 were public media: moved to the private store once (idempotent).
  await moveLegacyProofs({ media: mediaStorage, store: privateStore, logger }).catch((err: unknown) =>
    logger.error({ err }, "payment proofs could not be moved out of the public media store; the next start tries again"),
  );
  // The seed may have added content: other servers' page caches must not keep
  // pages without it (ADR 003). A start is rare, so it always bumps.
  await bumpContentVersion(getDb());
  noteContentWritten();
  // Images processed before the portrait cut existed get theirs, one job each, once (ADR 076).
  const portraitCuts = await queuePortraitCuts(getDb());
  if (portraitCuts > 0) logger.info({ images: portraitCuts }, "queued portrait cuts for images processed before ADR 075");

  if (!env.SMTP_URL) logger.warn({ dir: path.resolve(env.DATA_DIR, "outbox") }, "SMTP_URL is not set: enquiry notifications are written as .eml files");
  // Automatic backups go to BACKUP_DIR or BACKUP_S3_PREFIX (ADRs 054, 063); neither: none.
  const backupStore = await backupStoreFromEnv(env);
  setBackupStore(backupStore);
  // A test run's clock can be moved on through /__e2e, so tests need not wait (scheduled publishing, digests, jobs queued for later).
  const clock = e2eFixturesFrom(env) ? new AdjustableClock() : systemClock;
  // Payment links and webhooks (ADR 090): the fake plays a gateway; in production it lets anyone "pay".
  const paymentGateway = paymentGatewayFromEnv(env);
  setPaymentGateway(paymentGateway);
  if (paymentGateway.name === "fake" && env.NODE_ENV === "production") logger.warn("PAYMENT_GATEWAY=fake in production: anyone can mark a payment link paid");
  else logger.info({ gateway: paymentGateway.name }, "payment gateway");
  // Runs the queued jobs, every type's in its lane (ADR 082). A burst of enquiries is stored and answered first, mailed just after.
  const jobWorker = createJobWorker({
    env,
    logger,
    mediaStorage,
    privateStore,
    backupStore,
    busy: () => requestsInFlight() > 0,
    clock: clock === systemClock ? undefined : clock,
    paymentClock: clock,
  });
  await jobWorker.start();
  // Optional: deletes old Closed and Spam enquiries (ADR 029).
  const stopRetention = startRetentionSweep(env.ENQUIRY_RETENTION_MONTHS, logger);
  // Scheduled publishing, exactly once across servers (ADR 037).
  const publisher = new ScheduledPublisher({ handlers: scheduledPublishHandlers(contentRegistry), logger, clock });
  publisher.start();
  // The team's daily digest at 9:00 Indian time, once per user and day across servers (ADR 045).
  const digest = new DigestScheduler({ clock, logger });
  digest.start();
  // Bookings (ADR 088): holds expire at their deadline, the waitlist is offered freed seats, returned trips complete.
  const bookingSweeper = new BookingSweeper({ clock, logger });
  bookingSweeper.start();
  const stopRevisionSweep = startRevisionSweep(logger);
  // Automatic backups, daily at BACKUP_SCHEDULE (IST), as jobs of the queue (ADR 054).
  const stopBackupScheduler = backupStore ? startBackupScheduler({ schedule: env.BACKUP_SCHEDULE, logger }) : () => {};
  // PGlite: `npm run backup` cannot open the database while we hold it; it asks us over this socket (ADR 054).
  const stopBackupSocket =
    dbConfig.kind === "pglite"
      ? await startBackupSocket({
          socketPath: backupSocketPath(env.DATA_DIR),
          // The archive is encrypted with the key the command was given, not ours (issue 44 finding 3).
          source: { db: getDb(), kind: "pglite" },
          storage: getMediaStorage,
          privateStore,
          logger,
        }).catch((error: Error) => {
          logger.warn({ err: error }, "the backup socket could not start: stop the server to run `npm run backup`");
          return async () => {};
        })
      : async () => {};

  /** Stops the background work, lets the job under way finish and closes the database (releasing PGlite's lock). */
  const stopBackground = async () => {
    stopRetention();
    stopRevisionSweep();
    publisher.stop();
    digest.stop();
    bookingSweeper.stop();
    stopBackupScheduler();
    await stopBackupSocket();
    await jobWorker.stop();
    await closeDatabase();
  };

  /** Partial tus uploads; finished ones move to media storage (ADR 024). */
  const uploadsDir = path.resolve(env.DATA_DIR, "uploads");
  const uploadsS3 = env.MEDIA_STORE === "s3" ? s3SettingsFrom(env) : undefined;
  return { env, logger, mediaDir, mediaStorage, privateStore, uploadsDir, uploadsS3, scheduling: { clock, publisher, digest, bookingSweeper }, stopBackground };
}

/**
 * The Playwright fixture route runs arbitrary SQL: it exists only when a test
 * run turned it on (E2E_FIXTURES=on) and set the shared token. A token alone is not enough.
 */
export function e2eFixturesFrom(
  env: Pick<ReturnType<typeof getEnv>, "E2E_FIXTURES" | "E2E_FIXTURE_TOKEN">,
  scheduling?: { clock: unknown; publisher: ScheduledPublisher; digest?: DigestScheduler; bookingSweeper?: BookingSweeper },
) {
  if (!env.E2E_FIXTURES || !env.E2E_FIXTURE_TOKEN) return undefined;
  const clock = scheduling?.clock instanceof AdjustableClock ? scheduling.clock : undefined;
  return {
    token: env.E2E_FIXTURE_TOKEN,
    scheduling:
      clock && scheduling ? { clock, publisher: scheduling.publisher, digest: scheduling.digest, bookingSweeper: scheduling.bookingSweeper } : undefined,
  };
}

function printAdminHint(env: ReturnType<typeof getEnv>, generatedPassword?: string) {
  const passwordFile = path.resolve(env.DATA_DIR, "initial-admin-password.txt");
  let passwordText: string;
  if (generatedPassword) {
    fs.mkdirSync(env.DATA_DIR, { recursive: true });
    fs.writeFileSync(passwordFile, `${env.ADMIN_EMAIL}\n${generatedPassword}\n`, { mode: 0o600 });
    passwordText = `password ${generatedPassword} (generated once; also saved in ${passwordFile})`;
  } else if (env.ADMIN_PASSWORD) {
    passwordText = "the password in ADMIN_PASSWORD";
  } else {
    passwordText = fs.existsSync(passwordFile) ? `the password saved in ${passwordFile}` : "the password printed at first start";
  }
  process.stdout.write(`\n  Admin sign-in: ${env.SITE_URL}/admin as ${env.ADMIN_EMAIL} with ${passwordText}\n\n`);
}
