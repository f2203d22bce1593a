import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

type ReceivedMail = {
  /** The envelope: who the SMTP conversation delivered to (RCPT TO). */
  rcptTo: string[];
  raw: string;
  /** Header names (lower case) → values, unfolded and decoded. */
  headers: Map<string, string[]>;
};

/** The header block of a message: everything before the first empty line. */
function headerBlock(raw: string): string {
  return raw.split(/\r?\n\r?\n/)[0] ?? "";
}

/**
 * Decodes RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), as a mail
 * client shows them; the space between two encoded words is not text.
 */
function decodeEncodedWords(value: string): string {
  return value.replace(/(\?=)\s+(?==\?)/g, "$1").replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_word, _charset: string, encoding: string, text: string) =>
    encoding.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_hex, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

function parseHeaders(raw: string): Map<string, string[]> {
  const headers = new Map<string, string[]>();
  const unfolded = headerBlock(raw).replace(/\r?\n[ \t]+/g, " ");
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), decodeEncodedWords(line.slice(colon + 1).trim())]);
  }
  return headers;
}

/**
 * A real SMTP server in this process (smtp-server), for tests and benches:
 * it records what it accepts, and can be told to refuse mail like a relay
 * having an outage.
 */
export async function startTestSmtpServer(port = 0) {
  const received: ReceivedMail[] = [];
  let refusal: { code: number; message: string } | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    disableReverseLookup: true,
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({ rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, headers: parseHeaders(raw) });
        callback();
      });
    },
  });
  // A client that drops the connection (a killed server) is not this server's failure.
  server.on("error", () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    /** Refuse every recipient with this reply (e.g. 451 for a temporary outage), or accept again with null. */
    refuse(reply: { code: number; message: string } | null) {
      refusal = reply;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startTestSmtpServer>>;
