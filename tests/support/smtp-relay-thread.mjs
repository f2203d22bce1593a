// A real SMTP server (smtp-server) in a thread of its own, for the cluster test
// (tests/cluster) and the crash and drain benches: like a relay on another
// machine it answers 250 as soon as a message is in, however busy the caller's
// own thread is with servers, browsers or kills. Each accepted message goes to
// the caller as { raw, acceptedAt } (epoch ms of the 250).
// Messages: "hold" makes new messages wait for an answer that never comes, as
// with a relay that has hung, until "release" refuses them with a 451 (they were
// never accepted, so they are not reported); "close" stops it.
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
      if (holding) return held.push(callback);
      // callback() writes the 250 at once: this is when the sender could first read it.
      const acceptedAt = performance.timeOrigin + performance.now();
      callback();
      parentPort.postMessage({ raw: Buffer.concat(chunks).toString("utf8"), acceptedAt });
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
