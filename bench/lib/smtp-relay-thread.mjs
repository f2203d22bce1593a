// The crash bench's relay (bench/crash-leads.mjs), in its own thread: like a
// real relay on another machine, it answers 250 as soon as a message is in,
// however busy the bench's own thread is with posting leads and killing the
// server. It reports each accepted message to the bench. The drain bench
// (bench/drain-leads.mjs) can tell it to "hold": messages then wait for an
// answer that never comes, as with a relay that has hung, until "release"
// refuses them (they were never accepted, so they are not reported).
import { parentPort } from "node:worker_threads";
import { SMTPServer } from "smtp-server";

let holding = false;
const held = [];

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
      if (holding) return held.push(callback);
      // callback() writes the 250 at once: this is when the server could first read it.
      const acceptedAt = performance.timeOrigin + performance.now();
      callback();
      parentPort.postMessage({
        name: /^Name: ((?:Crash|Drain) \S+)$/m.exec(raw)?.[1] ?? "(unknown)",
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
  if (message === "hold") holding = true;
  if (message === "release") {
    holding = false;
    for (const callback of held.splice(0)) callback(Object.assign(new Error("try again later"), { responseCode: 451 }));
  }
});
