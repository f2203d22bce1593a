import http from "node:http";
import { baseURL } from "../../playwright.config";

export type RawAnswer = { status: number; type: string; body: string; headers: http.IncomingHttpHeaders };

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
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, type: response.headers["content-type"] ?? "", body: text, headers: response.headers }),
      );
    });
    request.on("error", reject);
    if (chunks) {
      for (const chunk of chunks) request.write(chunk);
      request.end();
    } else request.end(body);
  });
}
