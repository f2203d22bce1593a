import { Server, type Upload } from "@tus/server";
import type express from "express";
import type { Logger } from "pino";
import { UPLOADS_PATH } from "~/lib/upload";
import { getViewer, pendingRequirementMessage } from "~/server/auth/guard.server";
import { getViewerCached } from "~/server/auth/session-check-cache.server";
import {
  checkDeclaredUpload,
  headLooksLike,
  isUploadKind,
  MAX_UPLOAD_BYTES,
  SNIFF_BYTES,
  uploadLimitsText,
  UploadRefused,
} from "~/server/media/upload-kinds.server";
import { getUploadResult, storeUploadedFile } from "~/server/media/uploads.server";
import { sweepOrphanFiles } from "~/server/media/media-files.server";
import { sweepOrphanProofs } from "~/server/payment-ledger/payment-proofs.server";
import { sweepOrphanReviewPhotos } from "~/server/review/review-photos.server";
import { getDatabaseKind, getDb } from "~/server/db/db.server";
import { sql } from "drizzle-orm";
import type { S3Settings } from "~/server/media/s3-storage.server";
import { jsonErrorBody, sendError } from "./http-errors";
import { fileBackend, type UploadBackend } from "./tus-backends";

/** Unfinished uploads are kept this long for a resume, then swept. */
const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** Who sent each request, as the guard below read it from the session (never from the client). */
const uploaders = new WeakMap<object, string>();
/** tus hooks get srvx's web Request; it keeps the Node request it wraps. */
const uploaderOf = (req: { runtime?: { node?: { req?: object } } }) => (req.runtime?.node?.req && uploaders.get(req.runtime.node.req)) ?? "";
const UPLOAD_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Uploads in progress whose facts are remembered; past this (never in practice), start again. */
const MAX_TRACKED_UPLOADS = 10_000;

/**
 * What one person may have unfinished at once: enough for a whole gallery
 * dropped in one go, not enough to fill the disk (ADR 035). Unfinished uploads
 * expire after UPLOAD_EXPIRY_MS, which frees the quota.
 */
export const PENDING_UPLOADS_MAX = 20;
export const PENDING_UPLOAD_BYTES_MAX = 300 * 1024 * 1024;
export const UPLOAD_QUOTA_MESSAGE = "You have too many unfinished uploads. Finish or cancel some, or wait: unfinished uploads expire after 24 hours.";

/** An upload is its uploader's: another signed-in person cannot resume, read or delete it. */
function checkUploader(uploadedBy: string, req: Parameters<typeof uploaderOf>[0]) {
  if (uploadedBy && uploadedBy !== uploaderOf(req)) throw refusal(404, "Not found.");
}

/** Whether a request path is the tus endpoint's (itself or below it). */
export function isUploadPath(urlPath: string): boolean {
  return urlPath === UPLOADS_PATH || urlPath.startsWith(`${UPLOADS_PATH}/`);
}

type UploadServiceOptions = {
  /** Where partial uploads are written (DATA_DIR/uploads). */
  directory: string;
  /** MEDIA_STORE=s3: partial uploads go to the bucket instead (tus-uploads/), shared by every server (ADR 053). */
  s3?: S3Settings;
  logger: Logger;
  expiryMs?: number;
  /** Periodic sweep of abandoned uploads; off in tests, which call sweep(). */
  sweepEveryMs?: number | false;
};

/** A tus error the server writes as is: our one JSON error shape. */
function refusal(status: number, message: string) {
  return { status_code: status, body: JSON.stringify(jsonErrorBody(message)) };
}

/** Metadata we store or show: control characters (a NUL) cannot reach the database (issue 44 finding 6). */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const NAMED_METADATA = ["filename", "name", "filetype", "alt"] as const;
export const UPLOAD_NAME_MESSAGE = "This file's name has characters that cannot be stored (such as a NUL or a line break). Rename the file and try again.";

function checkMetadataText(metadata: Record<string, string | null> | undefined) {
  for (const field of NAMED_METADATA) {
    const value = metadata?.[field];
    if (value && (CONTROL_CHARACTERS.test(value) || value.length > 1000)) throw refusal(400, UPLOAD_NAME_MESSAGE);
  }
}

/**
 * One person's upload creations, one at a time: the quota is counted from the
 * store and the upload then created in it, and two creations checked side by
 * side both passed (60 at once reserved 1.5 GB against the 300 MB cap; issue
 * 44 finding 5). In this process a chain per uploader; with PostgreSQL (several
 * servers sharing a bucket) also a transaction-scoped advisory lock on the
 * uploader, held until the upload exists in the store.
 */
const creating = new Map<string, Promise<void>>();
async function oneCreationAtATime<T>(uploaderId: string, create: () => Promise<T>): Promise<T> {
  const before = creating.get(uploaderId) ?? Promise.resolve();
  let done!: () => void;
  const mine = before.then(() => new Promise<void>((resolve) => (done = resolve)));
  creating.set(uploaderId, mine);
  await before;
  try {
    if (getDatabaseKind() !== "postgres") return await create();
    return await getDb().transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`upload-create|${uploaderId}`}, 0))`);
      return create();
    });
  } finally {
    done();
    if (creating.get(uploaderId) === mine) creating.delete(uploaderId);
  }
}

function asRefusal(error: unknown) {
  if (error instanceof UploadRefused) return refusal(error.status, error.message);
  throw error;
}

/**
 * The tus 1.0 server for admin uploads at /api/uploads (ADR 024): signed-in
 * staff only, kinds `image` and `brochure` checked by their bytes, a finished
 * image processed into variants before the last PATCH is answered, whose body
 * (JSON UploadResult) tells the client the media key. Nothing of a refused or
 * finished upload is left in the upload directory.
 */
export function createUploadService(options: UploadServiceOptions) {
  const { s3, directory, expiryMs = UPLOAD_EXPIRY_MS } = options;
  if (!s3) return buildUploadService(fileBackend(directory, expiryMs), options);
  // The S3 store (and the AWS SDK) is loaded only when media is on S3.
  const built = import("./tus-s3-backend").then(({ s3Backend }) => buildUploadService(s3Backend(s3, expiryMs), options));
  built.catch((error: unknown) => options.logger.error({ err: error }, "the S3 upload store could not be loaded"));
  const middleware: express.RequestHandler = (req, res, next) => void built.then((service) => service.middleware(req, res, next), next);
  return {
    middleware,
    sweep: async () => (await built).sweep(),
    close: () =>
      void built.then(
        (service) => service.close(),
        () => undefined,
      ),
  };
}

function buildUploadService(backend: UploadBackend, { logger, expiryMs = UPLOAD_EXPIRY_MS, sweepEveryMs = SWEEP_EVERY_MS }: UploadServiceOptions) {
  const store = backend.store;
  /**
   * What an upload's later requests are checked against, read once from its
   * stored info rather than per chunk: its kind and uploader never change, and
   * once its first bytes have been sniffed they need not be again.
   */
  const facts = new Map<string, { kind: string | undefined; uploadedBy: string; headChecked: boolean }>();
  const discard = async (id: string) => {
    facts.delete(id);
    await backend.remove(id).catch((error: unknown) => logger.warn({ err: error, uploadId: id }, "could not remove an upload"));
  };

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    relativeLocation: true,
    maxSize: MAX_UPLOAD_BYTES,
    // Per kind limits are checked in onUploadCreate; this is the largest of them.
    respectForwardedHeaders: false,
    async onUploadCreate(req, upload) {
      try {
        checkDeclaredUpload(upload.metadata?.kind, upload.size);
      } catch (error) {
        throw asRefusal(error);
      }
      checkMetadataText(upload.metadata);
      const uploadedBy = uploaderOf(req);
      const pending = await pendingUploadsOf(uploadedBy);
      const declared = upload.size ?? MAX_UPLOAD_BYTES;
      if (pending.count + 1 > PENDING_UPLOADS_MAX || pending.bytes + declared > PENDING_UPLOAD_BYTES_MAX) {
        logger.warn({ userId: uploadedBy, pending }, "upload quota reached");
        throw refusal(429, UPLOAD_QUOTA_MESSAGE);
      }
      return { metadata: { ...upload.metadata, uploadedBy } };
    },
    async onIncomingRequest(req, id) {
      if (req.method === "POST") return;
      let known = facts.get(id);
      if (known?.headChecked && req.method === "PATCH") return checkUploader(known.uploadedBy, req);
      const upload = await store.getUpload(id).catch(() => null);
      if (!upload) return; // tus answers 404 itself
      known = { kind: upload.metadata?.kind ?? undefined, uploadedBy: upload.metadata?.uploadedBy ?? "", headChecked: false };
      if (facts.size >= MAX_TRACKED_UPLOADS) facts.clear();
      facts.set(id, known);
      checkUploader(known.uploadedBy, req);
      if (req.method !== "PATCH") return;
      // From the second chunk on, the first bytes are on disk: a file that does
      // not start like its kind is refused now, not after its last chunk.
      const kind = known.kind;
      if (!isUploadKind(kind) || upload.offset < SNIFF_BYTES) return;
      const head = await backend.head(id);
      if (head && head.length >= SNIFF_BYTES && !headLooksLike(kind, head)) {
        await discard(id);
        throw refusal(
          415,
          { image: "This file is not an image we can use.", brochure: "This file is not a PDF.", proof: "This file is neither an image nor a PDF." }[kind],
        );
      }
      known.headChecked = true;
    },
    async onUploadFinish(_req, upload: Upload): Promise<{ status_code: number; body: string; headers: Record<string, string> }> {
      const kind = upload.metadata?.kind;
      let local: { file: string; release(): Promise<void> } | undefined;
      try {
        if (!isUploadKind(kind)) throw new UploadRefused(400, "Unknown upload kind.");
        local = await backend.localFile(upload.id);
        const result = await storeUploadedFile({
          uploadId: upload.id,
          kind,
          file: local.file,
          name: upload.metadata?.filename ?? upload.metadata?.name ?? "upload",
          bytes: upload.size ?? upload.offset,
          uploadedBy: upload.metadata?.uploadedBy ?? "",
          alt: upload.metadata?.alt ?? "",
        });
        return {
          status_code: 200,
          headers: { "Content-Type": "application/json", "Upload-Media-Key": result.key },
          body: JSON.stringify(result),
        };
      } catch (error) {
        if (!(error instanceof UploadRefused)) logger.error({ err: error, uploadId: upload.id }, "upload processing failed");
        // Answered, not thrown: a thrown error aborts the request's context and
        // tus-js-client (Node) then never sees the answer.
        const { status_code, body } = error instanceof UploadRefused ? asRefusal(error) : refusal(500, "The file could not be processed. Please try again.");
        return { status_code, body, headers: { "Content-Type": "application/json" } };
      } finally {
        // The bytes now live in media storage (or were refused): keep nothing here.
        await local?.release();
        await discard(upload.id);
      }
    },
    onResponseError(_req, error) {
      // tus's own errors are plain text; answer them in the API's JSON shape too.
      const status = "status_code" in error ? error.status_code : 500;
      const body = "body" in error ? error.body : "";
      if (body.startsWith("{")) return { status_code: status, body };
      if (status === 413) return refusal(413, `The file is too large: ${uploadLimitsText()}.`);
      if (status >= 500) logger.error({ err: error }, "upload request failed");
      return refusal(status, status >= 500 ? "The upload failed. Please try again." : body.trim() || "Bad upload request.");
    },
  });

  /**
   * One person's unfinished uploads, counted from the upload store itself
   * (the directory, or the bucket with MEDIA_STORE=s3; not from memory), so
   * the count survives a restart and is the same for every server that
   * shares it. Expired ones do not count.
   */
  async function pendingUploadsOf(userId: string): Promise<{ count: number; bytes: number }> {
    const cutoff = Date.now() - expiryMs;
    let count = 0;
    let bytes = 0;
    for await (const upload of backend.list()) {
      if (upload.metadata?.uploadedBy !== userId) continue;
      if (upload.creation_date && Date.parse(upload.creation_date) < cutoff) continue;
      count += 1;
      bytes += upload.size ?? MAX_UPLOAD_BYTES;
    }
    return { count, bytes };
  }

  /** Deletes abandoned uploads: unfinished past their expiry (tus), and any finished one left by a crash. */
  async function sweep(): Promise<number> {
    const cutoff = Date.now() - expiryMs;
    let removed = 0;
    for await (const upload of backend.list()) {
      const created = upload.creation_date ? Date.parse(upload.creation_date) : 0;
      if (created < cutoff) {
        await discard(upload.id);
        removed += 1;
      }
    }
    // Then whatever tus itself finds expired (S3: multipart uploads left without their info).
    removed += await tus.cleanUpExpiredUploads().catch((error: unknown) => {
      logger.warn({ err: error }, "tus expiry sweep failed");
      return 0;
    });
    // And processed files no media row claims: an upload that failed after they were written.
    const orphans = await sweepOrphanFiles().catch((error: unknown) => {
      logger.warn({ err: error }, "orphan media sweep failed");
      return [];
    });
    if (orphans.length) logger.info({ files: orphans.length, examples: orphans.slice(0, 3) }, "orphan media files removed");
    // And payment proofs uploaded but never recorded with a payment (ADR 114).
    const proofs = await sweepOrphanProofs().catch((error: unknown) => {
      logger.warn({ err: error }, "orphan proof sweep failed");
      return [];
    });
    if (proofs.length) logger.info({ files: proofs.length }, "payment proofs never recorded with a payment removed");
    // And review photos whose review was never stored (ADR 118).
    const reviewPhotos = await sweepOrphanReviewPhotos().catch((error: unknown) => {
      logger.warn({ err: error }, "orphan review photo sweep failed");
      return [];
    });
    if (reviewPhotos.length) logger.info({ files: reviewPhotos.length }, "review photos without a review removed");
    return removed;
  }

  const timer = sweepEveryMs
    ? setInterval(() => {
        sweep()
          .then((removed) => removed && logger.info({ removed }, "abandoned uploads removed"))
          .catch((error: unknown) => logger.error({ err: error }, "upload sweep failed"));
      }, sweepEveryMs)
    : null;
  timer?.unref();

  /** Express middleware: the guard, the result endpoint, then tus. Mounted at the app's root. */
  const middleware: express.RequestHandler = (req, res, next) => {
    const urlPath = req.path;
    if (!isUploadPath(urlPath)) return next();
    void (async () => {
      // Creating an upload (and asking for a result) reads the session row; its
      // chunks that follow check the session from a few seconds' memory that
      // sign-out and revocation clear (session-check-cache.server.ts).
      const viewer = await (req.method === "POST" || req.method === "GET" ? getViewer : getViewerCached)(webRequestOf(req));
      if (!viewer) return sendError(req, res, 401, "Sign in to do this.");
      // A password to change or two-step sign-in to set up comes first, here as everywhere (issue 44 finding 7).
      if (viewer.pending) return sendError(req, res, 403, pendingRequirementMessage(viewer.pending));
      uploaders.set(req, viewer.id);
      res.set("Cache-Control", "no-store");

      const rest = urlPath.slice(UPLOADS_PATH.length + 1).split("/");
      if (req.method === "GET") {
        // GET /api/uploads/:id/result: for a client that lost the last PATCH's answer.
        const [id, what] = rest;
        if (rest.length !== 2 || what !== "result" || !id || !UPLOAD_ID.test(id)) return sendError(req, res, 404, "Not found.");
        const result = await getUploadResult(id);
        if (!result) return sendError(req, res, 404, "This upload has not finished.");
        res.json(result);
        return;
      }
      if (rest.length > 1 || (rest[0] && !UPLOAD_ID.test(rest[0]))) return sendError(req, res, 404, "Not found.");
      res.setHeader("Content-Type", "application/json; charset=utf-8");
      if (req.method === "POST") await oneCreationAtATime(viewer.id, () => tus.handle(req, res));
      else await tus.handle(req, res);
    })().catch(next);
  };

  return {
    middleware,
    sweep,
    close() {
      if (timer) clearInterval(timer);
    },
  };
}

/** Only the headers matter to the session check: cookie and user agent. */
function webRequestOf(req: express.Request): Request {
  const headers = new Headers();
  for (const name of ["cookie", "user-agent"]) {
    const value = req.get(name);
    if (value) headers.set(name, value);
  }
  return new Request(new URL(req.originalUrl, "http://localhost"), { headers });
}
