import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { createGzipTemplate, gzipWithNonce, identityWithNonce } from "./gzip-template";

const nonce = () => crypto.randomBytes(16).toString("base64");

function page(rendered: string, repeat = 200) {
  const filler = Array.from({ length: repeat }, (_, i) => `<li class="card">Package ${i % 17} to Dubai, ${i} nights</li>`).join("");
  return (
    `<!doctype html><html><head><script nonce="${rendered}">boot()</script></head><body><ul>${filler}</ul>` +
    `<script nonce="${rendered}">window.ctx = {"nonce":"${rendered}"}</script><p>${filler}</p><script nonce="${rendered}"></script></body></html>`
  );
}

describe("gzip template", () => {
  it("decompresses to the page with the new nonce in every place, with standard gunzip", () => {
    const rendered = nonce();
    const html = page(rendered);
    const template = createGzipTemplate(Buffer.from(html), rendered);
    expect(template.pieces).toHaveLength(5);
    for (const fresh of [nonce(), nonce()]) {
      const gz = Buffer.concat(gzipWithNonce(template, fresh));
      expect(zlib.gunzipSync(gz).toString()).toBe(html.replaceAll(rendered, fresh));
      expect(Buffer.concat(identityWithNonce(template, fresh)).toString()).toBe(html.replaceAll(rendered, fresh));
    }
  });

  it("keeps a ratio close to compressing the page whole", () => {
    const rendered = nonce();
    const html = Buffer.from(page(rendered, 2000));
    const spliced = Buffer.concat(gzipWithNonce(createGzipTemplate(html, rendered), nonce())).length;
    expect(spliced).toBeLessThan(zlib.gzipSync(html).length * 1.1);
  });

  it("stays correct when the page text repeats parts of the nonce or holds NUL bytes", () => {
    const rendered = "AAAAAAAAAAAAAAAAAAAAAA==";
    for (const html of [`${page(rendered)} AAAAAAAAAAAA ${rendered.slice(3)}`, `${page(rendered)}\u0000\u0000\u0000x${rendered}\u0000`]) {
      const template = createGzipTemplate(Buffer.from(html), rendered);
      const fresh = nonce();
      expect(zlib.gunzipSync(Buffer.concat(gzipWithNonce(template, fresh))).toString()).toBe(html.replaceAll(rendered, fresh));
    }
  });

  it("handles a body without a nonce, one that starts or ends with it, and an empty one", () => {
    const rendered = nonce();
    for (const html of ["turbo-stream data", `${rendered}middle${rendered}`, ""]) {
      const template = createGzipTemplate(Buffer.from(html), html.includes(rendered) ? rendered : null);
      const fresh = nonce();
      expect(zlib.gunzipSync(Buffer.concat(gzipWithNonce(template, fresh))).toString()).toBe(html.replaceAll(rendered, fresh));
    }
  });
});
