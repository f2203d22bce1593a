import zlib from "node:zlib";
import { expect, test } from "./fixtures";
import { raw } from "./raw-http";

// ADR 074: the build compresses scripts and styles once (brotli 11, gzip 9)
// and the server sends those files, instead of compressing on every request.

test("the client's scripts come as the build compressed them: brotli, else gzip, else plain, always the same script", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const entry = /\/assets\/entry\.client-[\w-]+\.js/.exec(html)?.[0];
  expect(entry, "the home page names the client entry").toBeTruthy();

  const plain = await raw("GET", entry!);
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(plain.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
  const script = plain.body;
  expect(script.length).toBeGreaterThan(50_000);

  const brotli = await raw("GET", entry!, { headers: { "accept-encoding": "gzip, deflate, br" } });
  expect(brotli.headers["content-encoding"]).toBe("br");
  expect(brotli.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
  expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
  expect(brotli.headers["cache-control"]).toContain("immutable");
  expect(brotli.headers["x-content-type-options"]).toBe("nosniff");
  expect(zlib.brotliDecompressSync(brotli.bytes).toString("utf8")).toBe(script);
  // Brotli's best level, which a per-request compressor cannot afford: well under gzip's size.
  const gzip = await raw("GET", entry!, { headers: { "accept-encoding": "gzip" } });
  expect(gzip.headers["content-encoding"]).toBe("gzip");
  expect(zlib.gunzipSync(gzip.bytes).toString("utf8")).toBe(script);
  expect(brotli.bytes.length).toBeLessThan(gzip.bytes.length * 0.9);
});
