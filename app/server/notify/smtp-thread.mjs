// The SMTP conversation, in its own thread (ADR 020). The server's main thread
// may be busy answering requests for tens of milliseconds at a time; here the
// relay's 250 is read, and journaled, as soon as it arrives, so a kill -9 that
// lands between the relay's 250 and our record of it is as unlikely as it can be.
// Plain JavaScript with no app imports: it runs as is under vitest and tsx, and
// scripts/build-server.mjs copies it beside the server bundle.
import fs from "node:fs";
import net from "node:net";
import { parentPort, workerData } from "node:worker_threads";
import nodemailer from "nodemailer";
import SMTPTransport from "nodemailer/lib/smtp-transport/index.js";

/** @type {{ url: string; timeouts: Record<string, number>; journalFile?: string }} */
const { url, timeouts, journalFile } = workerData;
/**
 * Our own TCP connection, with Nagle's algorithm off. With it on, the
 * message's final "." waited in our socket until the relay acknowledged the
 * body, about 43 ms (its delayed ACK): a kill then still handed the relay
 * the whole message (the kernel sends what is buffered), and it was sent
 * again after the restart. Measured on loopback: body to "." 43 ms -> 0 ms.
 * nodemailer adds TLS (smtps or STARTTLS) on top of this socket itself.
 */
function getSocket(options, callback) {
  const port = Number(options.port) || (options.secure ? 465 : 587);
  const socket = net.connect({ host: options.host ?? "localhost", port, noDelay: true });
  const fail = (error) => {
    socket.destroy();
    callback(error);
  };
  socket.setTimeout(timeouts.connectionTimeout, () => fail(Object.assign(new Error("Connection timeout"), { code: "ETIMEDOUT" })));
  socket.once("error", fail);
  socket.once("connect", () => {
    socket.setTimeout(0);
    socket.removeListener("error", fail);
    callback(null, { connection: socket });
  });
}
// The transport itself, not createTransport({ url, ... }): given a url, that
// drops every other option (the timeouts and getSocket here).
const transport = nodemailer.createTransport(new SMTPTransport({ url, ...timeouts, getSocket }));
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
