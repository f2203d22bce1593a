import type { AddressInfo } from "node:net";
import type http from "node:http";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { brochureVersion, BrochureService } from "~/server/brochure/brochure.server";
import type { RenderedBrochure } from "~/server/brochure/brochure-cache.server";
import { brochureHits } from "./brochure-hits";

// The early answer for kept brochures (ADR 048), over real HTTP: an app with a
// header middleware before it (as helmet is) and a stand-in for the route after it.
let version = 7;
let reads = 0;
let failRead = false;
const service = new BrochureService();
const pdf = Buffer.from("%PDF-1.7 kept bali brochure");
const bali: RenderedBrochure = { pdf, fileName: "pravas-bali-brochure.pdf", title: "Bali Group Tour", slug: "bali" };
let server: http.Server;
let base: string;

async function keep(brochure: RenderedBrochure, packageId: number) {
  await service.cache.get(packageId, brochureVersion(version), async () => brochure);
}

beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    next();
  });
  app.use(
    brochureHits(service, async () => {
      reads += 1;
      if (failRead) throw new Error("database gone");
      return version;
    }),
  );
  app.use((_req, res) => {
    res.setHeader("X-Route", "yes");
    res.status(200).send("the route");
  });
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", resolve);
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(async () => {
  service.cache.clear();
  version = 7;
  failRead = false;
  await keep(bali, 1);
});

describe("brochureHits", () => {
  it("answers a kept brochure with its bytes, headers, the headers set before it, and 304 on its ETag", async () => {
    const response = await fetch(`${base}/packages/bali/brochure.pdf`);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(pdf);
    expect(response.headers.get("x-route")).toBeNull();
    expect(
      Object.fromEntries(
        ["content-type", "content-disposition", "cache-control", "x-brochure-cache", "x-content-type-options", "x-frame-options", "content-length"].map(
          (name) => [name, response.headers.get(name)],
        ),
      ),
    ).toEqual({
      "content-type": "application/pdf",
      "content-disposition": 'inline; filename="pravas-bali-brochure.pdf"',
      "cache-control": "public, no-cache",
      "x-brochure-cache": "hit",
      "x-content-type-options": "nosniff",
      "x-frame-options": "SAMEORIGIN",
      "content-length": String(pdf.length),
    });
    const etag = response.headers.get("etag")!;
    expect(etag).toBe(`"brochure-bali-${brochureVersion(7)}"`);

    const again = await fetch(`${base}/packages/bali/brochure.pdf`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("content-disposition")).toBe('inline; filename="pravas-bali-brochure.pdf"');

    const head = await fetch(`${base}/packages/bali/brochure.pdf`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(pdf.length));
    // Tracking tags (the brochure's QR code adds them) are the same brochure.
    expect((await fetch(`${base}/packages/bali/brochure.pdf?utm_source=brochure&utm_medium=pdf`)).headers.get("x-brochure-cache")).toBe("hit");
  });

  it("reads the content version at every request: after a write the request goes on to the route", async () => {
    const before = reads;
    await fetch(`${base}/packages/bali/brochure.pdf`);
    expect(reads).toBe(before + 1);
    version = 8; // a content write, on this server or another
    const next = await fetch(`${base}/packages/bali/brochure.pdf`);
    expect(await next.text()).toBe("the route");
    expect(next.headers.get("x-route")).toBe("yes");
    // The route renders and keeps the new one; from then on it is answered here again, with a new ETag.
    await keep({ ...bali, pdf: Buffer.from("%PDF-1.7 new") }, 1);
    const kept = await fetch(`${base}/packages/bali/brochure.pdf`);
    expect(await kept.text()).toBe("%PDF-1.7 new");
    expect(kept.headers.get("etag")).toBe(`"brochure-bali-${brochureVersion(8)}"`);
  });

  it("leaves previews, other queries, other methods, unknown slugs and failed reads to the route", async () => {
    for (const [path, init] of [
      ["/packages/bali/brochure.pdf?preview=changes", {}],
      ["/packages/bali/brochure.pdf?v=2", {}],
      ["/packages/dubai/brochure.pdf", {}],
      ["/packages/%E0%A4/brochure.pdf", {}],
      ["/packages/bali/brochure.pdf", { method: "POST" }],
      ["/packages/bali", {}],
    ] as const) {
      expect(await (await fetch(`${base}${path}`, init)).text(), path).toBe("the route");
    }
    failRead = true;
    expect(await (await fetch(`${base}/packages/bali/brochure.pdf`)).text()).toBe("the route");
  });
});
