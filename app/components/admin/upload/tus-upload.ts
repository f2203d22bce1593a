import { UPLOAD_CHUNK_BYTES, UPLOADS_PATH, type UploadKind, type UploadResult } from "~/lib/upload";

export type { UploadKind };

type UploadFileOptions = {
  kind: UploadKind;
  /** Whole percent sent, 0 to 100 (100 once the server has processed the file). */
  onProgress?: (percent: number) => void;
  /** Aborting stops the upload; its partial bytes stay resumable until they expire. */
  signal?: AbortSignal;
  endpoint?: string;
  /** Waits between retries after a dropped connection or a 5xx (ms). */
  retryDelays?: number[];
  /** An image's alt text, stored with it (the field's "Alt text" box, ADR 043). */
  alt?: string;
  /** Extra request headers (scripts and tests outside a browser send the session cookie so). */
  headers?: Record<string, string>;
};

/** An upload the server refused or that failed for good: `message` is for a person. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

/** Outside a browser (bench, tests) tus-js-client reads a Node Buffer, not a File. */
type NamedBytes = { name: string; type: string; size: number; data: Buffer };

const DEFAULT_RETRY_DELAYS = [0, 1000, 3000, 5000, 10000];

/**
 * Spec §9: above 256 KiB a file goes in resumable chunks of 256 KiB; a file
 * of 256 KiB or less fits one chunk, so it goes in one request.
 */
function chunkSizeFor(_bytes: number): number {
  // Always a finite size: tus-js-client's Node reader never ends an unbounded (Infinity) chunk.
  return UPLOAD_CHUNK_BYTES;
}

/** Reads the API's `{ error }` body of a refused request, if there is one. */
function errorMessageOf(body: string | undefined, status: number | undefined): string {
  try {
    const parsed = JSON.parse(body ?? "") as { error?: unknown };
    if (typeof parsed.error === "string" && parsed.error) return parsed.error;
  } catch {
    // Not our JSON: a proxy's page or a dropped connection.
  }
  if (status === 401) return "Your session has ended: sign in again, then retry the upload.";
  if (status === 413) return "This file is too large.";
  return "The upload failed. Check your connection and try again.";
}

/**
 * Uploads one file to /api/uploads with tus (tus-js-client 4, loaded with the
 * first upload: a quarter of an editor's JavaScript otherwise, for a screen
 * most visits use without uploading; public pages fetch none of it, checked
 * by bench/bundle-size.mjs, ADR 040). Retries after a
 * dropped connection, and resumes a file this browser started before (its
 * upload URL is kept in localStorage until the upload succeeds). Resolves with
 * the server's result: the media key and its variants.
 */
export async function uploadFile(file: File | NamedBytes, options: UploadFileOptions): Promise<UploadResult> {
  const endpoint = options.endpoint ?? UPLOADS_PATH;
  if (options.signal?.aborted) throw new UploadError("The upload was cancelled.");
  const { Upload } = await import("tus-js-client");
  if (options.signal?.aborted) throw new UploadError("The upload was cancelled.");

  return new Promise<UploadResult>((resolve, reject) => {
    let lastPercent = -1;
    const report = (percent: number) => {
      if (percent === lastPercent) return;
      lastPercent = percent;
      options.onProgress?.(percent);
    };
    const upload = new Upload("data" in file ? file.data : file, {
      endpoint,
      chunkSize: chunkSizeFor(file.size),
      headers: options.headers,
      retryDelays: options.retryDelays ?? DEFAULT_RETRY_DELAYS,
      metadata: { filename: file.name, filetype: file.type, kind: options.kind, ...(options.alt?.trim() ? { alt: options.alt.trim() } : {}) },
      removeFingerprintOnSuccess: true,
      onProgress(sent, total) {
        // The last percent waits for the server's answer: processing takes a moment.
        report(Math.min(99, Math.floor((sent / (total || 1)) * 100)));
      },
      onError(error) {
        const detailed = error as Error & { originalResponse?: { getStatus(): number; getBody(): string } | null };
        const status = detailed.originalResponse?.getStatus();
        reject(new UploadError(errorMessageOf(detailed.originalResponse?.getBody(), status), status));
      },
      onSuccess({ lastResponse }) {
        void resultOf(lastResponse.getBody(), upload.url, new URL(endpoint, globalThis.location?.href).href, options.headers)
          .then((result) => {
            report(100);
            resolve(result);
          })
          .catch(reject);
      },
    });
    options.signal?.addEventListener(
      "abort",
      () => {
        void upload.abort();
        reject(new UploadError("The upload was cancelled."));
      },
      { once: true },
    );
    // Resume this file if this browser already sent part of it.
    void upload
      .findPreviousUploads()
      .then((previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      })
      .catch(() => undefined)
      .finally(() => upload.start());
  });
}

/**
 * The result is the last PATCH's body. A resumed upload that had already
 * finished ends on a HEAD without one: ask the result endpoint instead.
 */
async function resultOf(body: string, uploadUrl: string | null, endpoint: string, headers?: Record<string, string>): Promise<UploadResult> {
  try {
    const parsed = JSON.parse(body) as UploadResult;
    if (parsed && typeof parsed.key === "string") return parsed;
  } catch {
    // fall through
  }
  if (!uploadUrl) throw new UploadError("The upload finished, but the server did not say where it is.");
  const response = await fetch(new URL(`${uploadUrl}/result`, endpoint), { credentials: "same-origin", headers });
  const text = await response.text();
  if (!response.ok) throw new UploadError(errorMessageOf(text, response.status), response.status);
  return JSON.parse(text) as UploadResult;
}
