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

// The public pages' own scripts, followed through every static and dynamic import: none carries the
// back office's editor or upload code, nor zod (the forms' schemas are checked on the server; a page
// that shows reviews once pulled in zod's 88 KB through a shared constant).
test("public pages load no zod, TipTap or tus code, through any import", async ({ request }) => {
  const markers = { zod: "ZodError", TipTap: "ProseMirror", tus: "Upload-Offset" };
  const pages = [
    "/",
    "/packages",
    "/packages/bali",
    "/gallery",
    "/blogs",
    "/contact",
    "/legal/privacy-policy",
    "/trip",
    "/trip/not-a-token",
    "/review/not-a-token",
  ];
  const seen = new Map<string, string>();
  const follow = async (url: string) => {
    if (seen.has(url)) return;
    const text = await (await request.get(url)).text();
    seen.set(url, text);
    const base = url.slice(0, url.lastIndexOf("/") + 1);
    for (const [, path] of text.matchAll(/(?:from|import)\s*\(?\s*"(\.\/[^"]+\.js)"/g)) await follow(new URL(path!, `http://x${base}`).pathname);
  };
  for (const path of pages) {
    const html = await (await request.get(path)).text();
    const modules = [...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    expect(modules.length, `${path} names its scripts`).toBeGreaterThan(0);
    for (const module of modules) await follow(module);
  }
  for (const [name, marker] of Object.entries(markers)) {
    const carriers = [...seen].filter(([, text]) => text.includes(marker)).map(([url]) => url);
    expect(carriers, `${name} in a public page's scripts`).toEqual([]);
  }
});
