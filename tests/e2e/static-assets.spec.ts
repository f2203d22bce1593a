import http from "node:http";
import zlib from "node:zlib";
import { baseURL } from "../../playwright.config";
import { expect, test } from "./fixtures";

// ADR 074: the build compresses scripts and styles once (brotli 11, gzip 9)
// and the server sends those files, instead of compressing on every request.

function fetchBytes(path: string, acceptEncoding?: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding };
    http
      .get(`${baseURL}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

test("the client's scripts come as the build compressed them: brotli, else gzip, else plain, always the same script", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const entry = /\/assets\/entry\.client-[\w-]+\.js/.exec(html)?.[0];
  expect(entry, "the home page names the client entry").toBeTruthy();

  const plain = await fetchBytes(entry!);
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(plain.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
  const script = plain.body.toString("utf8");
  expect(script.length).toBeGreaterThan(50_000);

  const brotli = await fetchBytes(entry!, "gzip, deflate, br");
  expect(brotli.headers["content-encoding"]).toBe("br");
  expect(brotli.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
  expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
  expect(brotli.headers["cache-control"]).toContain("immutable");
  expect(brotli.headers["x-content-type-options"]).toBe("nosniff");
  expect(zlib.brotliDecompressSync(brotli.body).toString("utf8")).toBe(script);
  // Brotli's best level, which a per-request compressor cannot afford: well under gzip's size.
  const gzip = await fetchBytes(entry!, "gzip");
  expect(gzip.headers["content-encoding"]).toBe("gzip");
  expect(zlib.gunzipSync(gzip.body).toString("utf8")).toBe(script);
  expect(brotli.body.length).toBeLessThan(gzip.body.length * 0.9);
});
