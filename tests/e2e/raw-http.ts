import http from "node:http";
import { baseURL } from "../../playwright.config";

export type RawAnswer = { status: number; type: string; body: string; bytes: Buffer; headers: http.IncomingHttpHeaders };

/**
 * A raw HTTP request, for what fetch clients normalise away or refuse: any
 * method, exact paths, odd headers, chunked bodies, invalid UTF-8.
 */
export function raw(
  method: string,
  path: string,
  {
    headers = {},
    body,
    chunks,
    localAddress,
  }: {
    headers?: Record<string, string>;
    body?: string | Buffer;
    chunks?: Buffer[];
    /** Another loopback address (127.0.0.x): its own form budget, apart from the other specs'. */
    localAddress?: string;
  } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const length = body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) };
    const request = http.request(`${baseURL}${path}`, { method, headers: { ...length, ...headers }, localAddress }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        // `bytes` as they came on the wire (still compressed, if the server compressed them).
        const bytes = Buffer.concat(chunks);
        resolve({
          status: response.statusCode ?? 0,
          type: response.headers["content-type"] ?? "",
          body: bytes.toString("utf8"),
          bytes,
          headers: response.headers,
        });
      });
    });
    request.on("error", reject);
    if (chunks) {
      for (const chunk of chunks) request.write(chunk);
      request.end();
    } else request.end(body);
  });
}
