// The cluster test's SMTP server (smtp-server), in a thread of its own: like a
// relay on another machine it answers at once, however busy the test's own
// thread is (the crash bench does the same, bench/lib/smtp-relay-thread.mjs).
// Each message it accepts goes to the test as { raw }.
import { parentPort } from "node:worker_threads";
import { SMTPServer } from "smtp-server";

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  disableReverseLookup: true,
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      callback();
      parentPort.postMessage({ raw: Buffer.concat(chunks).toString("utf8") });
    });
  },
});
// A killed server drops its SMTP connection mid-conversation: expected here.
smtp.on("error", () => {});
smtp.listen(0, "127.0.0.1", () => parentPort.postMessage({ port: smtp.server.address().port }));
parentPort.on("message", (message) => {
  if (message === "close") smtp.close(() => parentPort.close());
});
