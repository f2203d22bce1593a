/**
 * The brochure renderer's thread (issue 44 finding 10, ADR 087): pdfkit lays
 * text out synchronously, so a long brochure held the server's only event loop
 * for over a second. Here it holds this thread's instead. Each message is one
 * brochure's content and photos; the answer is its bytes (transferred) or the
 * error's message. Built as build/server/brochure-render-worker.js
 * (vite-plugins/server-workers.ts); from source it runs under tsx.
 */
import { parentPort } from "node:worker_threads";
import { renderBrochurePdf } from "./brochure-pdf.server";
import type { BrochureRenderRequest, BrochureRenderResult } from "./brochure-render-thread.server";

const port = parentPort;
if (!port) throw new Error("brochure-render.worker.ts runs as a worker thread only");

port.on("message", (request: BrochureRenderRequest) => {
  const images = { cover: asBuffer(request.images.cover), days: request.images.days.map(asBuffer) };
  renderBrochurePdf(request.content, images).then(
    (pdf) => {
      // A copy that owns its memory, so it can be handed over without copying again.
      const bytes = new Uint8Array(pdf);
      port.postMessage({ id: request.id, pdf: bytes } satisfies BrochureRenderResult, [bytes.buffer]);
    },
    (error: unknown) => {
      port.postMessage({ id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies BrochureRenderResult);
    },
  );
});

/** Buffers arrive as plain Uint8Arrays (structured clone). */
function asBuffer(bytes: Uint8Array | null | undefined): Buffer | null {
  return bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null;
}
