/**
 * Brochure PDFs are laid out on a worker thread of their own (issue 44
 * finding 10, ADR 087): the server's event loop only sends the content and
 * photos and receives the bytes. One thread per server process, started at the
 * first render, renders one brochure at a time in the order asked (the cache
 * already makes every request for one version share one render). A thread that
 * dies fails what it was rendering and is started again at the next render.
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { BrochureContent } from "./brochure-content.server";

export type BrochureRenderRequest = { id: number; content: BrochureContent; images: { cover: Buffer | null; days: (Buffer | null)[] } };
export type BrochureRenderResult = { id: number; pdf: Uint8Array; error?: undefined } | { id: number; error: string; pdf?: undefined };

/** The production build's worker file (vite-plugins/server-workers.ts), beside the server bundle. */
const BROCHURE_WORKER_FILE = "brochure-render-worker.js";

/** The production build's worker, or (from source: dev server, tests) a bootstrap that loads the TypeScript entry through tsx. */
function startWorker(): Worker {
  const options = { name: "brochure-render" };
  if (!import.meta.url.endsWith(".ts")) {
    // Built: this module is in the bundle or in one of its chunks (assets/), the worker beside the bundle, whatever BUILD_DIR is.
    const candidates = ["./", "../"].map((dir) => fileURLToPath(new URL(`${dir}${BROCHURE_WORKER_FILE}`, import.meta.url)));
    const built = candidates.find((file) => fs.existsSync(file));
    // A build without it is incomplete: say so, rather than try tsx (a dev dependency) on a source that is not there.
    if (!built) throw new Error(`the brochure render worker is missing from the build (looked for ${candidates.join(" and ")})`);
    return new Worker(built, options);
  }
  const entry = new URL("./brochure-render.worker.ts", import.meta.url).href;
  return new Worker(`import("tsx/esm/api").then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`, { ...options, eval: true });
}

export class BrochureRenderThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (pdf: Buffer) => void; reject: (error: Error) => void }>();

  /** Lays the brochure out on the thread; the same bytes `renderBrochurePdf` makes. A thread that cannot start rejects. */
  async render(content: BrochureContent, images: { cover: Buffer | null; days: (Buffer | null)[] }): Promise<Buffer> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) worker.ref();
      worker.postMessage({ id, content, images } satisfies BrochureRenderRequest);
    });
  }

  /** Ends the thread (server shutdown, tests); what it was rendering fails. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    const worker = startWorker();
    // Idle, the thread never keeps the process alive.
    worker.unref();
    worker.on("message", (result: BrochureRenderResult) => {
      const waiting = this.pending.get(result.id);
      if (!waiting) return;
      this.settled(result.id);
      if (result.error !== undefined) waiting.reject(new Error(`brochure render failed on its thread: ${result.error}`));
      else waiting.resolve(Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength));
    });
    const failAll = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const [id, waiting] of this.pending) {
        this.pending.delete(id);
        waiting.reject(error);
      }
    };
    worker.on("error", failAll);
    worker.on("exit", (code) => failAll(new Error(`the brochure render thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private settled(id: number) {
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker?.unref();
  }
}
