// The crash bench's relay (bench/crash-leads.mjs), in its own thread: like a
// real relay on another machine, it answers 250 as soon as a message is in,
// however busy the bench's own thread is with posting leads and killing the
// server. It reports each accepted message to the bench.
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
      const raw = Buffer.concat(chunks).toString("utf8");
      // callback() writes the 250 at once: this is when the server could first read it.
      const acceptedAt = performance.timeOrigin + performance.now();
      callback();
      parentPort.postMessage({
        name: /^Name: (Crash \S+)$/m.exec(raw)?.[1] ?? "(unknown)",
        messageId: /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim(),
        acceptedAt,
      });
    });
  },
});
// A killed server drops its SMTP connection mid-conversation: expected here.
smtp.on("error", () => {});
smtp.listen(0, "127.0.0.1", () => parentPort.postMessage({ port: smtp.server.address().port }));
parentPort.on("message", (message) => {
  if (message === "close") smtp.close(() => parentPort.close());
});
