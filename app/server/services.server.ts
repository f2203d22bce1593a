import type { Logger } from "pino";
import type { OpenDatabase } from "~/server/db/db.server";
import type { MediaStorage } from "~/server/media/storage.server";

/**
 * The services the server creates once at start (server/boot.ts, server/app.ts)
 * and the app's code reaches through their modules' getters (getDb, getLogger,
 * getMediaStorage, nudgeJobs). The Express app and the React Router app are one
 * bundle (ADR 052), so this module, like every other, is evaluated once per process.
 */
export type Services = {
  db?: OpenDatabase;
  logger?: Logger;
  mediaStorage?: MediaStorage;
  /** Wakes the job worker (set while it runs). */
  jobsNudge?: () => void;
};

type DevGlobal = typeof globalThis & { __pravasDevServices?: Services };

// The app's one use of globalThis, for `npm run dev` only: Vite evaluates a
// module again when its file changes, and a new copy of this one must still
// find the open database (whose lock the old copy holds), the logger and the
// media storage. A production or test process keeps them in this module alone.
export const services: Services =
  process.env.NODE_ENV === "development" ? ((globalThis as DevGlobal).__pravasDevServices ??= {}) : {};
