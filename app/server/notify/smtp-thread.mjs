// The SMTP conversation, in its own thread (ADR 020). The server's main thread
// may be busy answering requests for tens of milliseconds at a time; here the
// relay's 250 is read, and journaled, as soon as it arrives, so a kill -9 that
// lands between the relay's 250 and our record of it is as unlikely as it can be.
// Plain JavaScript with no app imports: it runs as is under vitest and tsx, and
// scripts/build-server.mjs copies it beside the server bundle.
import fs from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import nodemailer from "nodemailer";

/** @type {{ url: string; timeouts: Record<string, number>; journalFile?: string }} */
const { url, timeouts, journalFile } = workerData;
const transport = nodemailer.createTransport({ url, ...timeouts });
/** @type {number | undefined} */
let journalFd;

/**
 * Appends the row's id and flushes it to disk; the same as SentJournal.record
 * in the main thread. Returns when the write was done (epoch ms: from then a
 * kill -9 cannot lose it) and how long the flush took (power loss).
 */
function journal(outboxId) {
  if (!journalFile) return undefined;
  journalFd ??= fs.openSync(journalFile, "a");
  fs.writeSync(journalFd, `${outboxId}\n`);
  const writtenAt = performance.timeOrigin + performance.now();
  fs.fdatasyncSync(journalFd);
  return { writtenAt, syncMs: performance.timeOrigin + performance.now() - writtenAt };
}

parentPort?.on("message", (job) => {
  if (job.type === "close") {
    transport.close();
    if (journalFd !== undefined) fs.closeSync(journalFd);
    parentPort?.close();
    return;
  }
  transport.sendMail(job.mail, (error, info) => {
    if (error) {
      parentPort?.postMessage({ seq: job.seq, error: { message: error.message, code: error.code, responseCode: error.responseCode } });
      return;
    }
    // The relay has the message: record that before anything else.
    let written;
    let journalError;
    try {
      written = journal(job.outboxId);
    } catch (err) {
      journalError = String(err);
    }
    parentPort?.postMessage({ seq: job.seq, id: info.messageId, journaled: Boolean(written), journalError, journaledAt: written?.writtenAt, syncMs: written?.syncMs });
  });
});
