import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RenderLimit } from "./render-limit";

// What one client can make the server render in a minute (ADR 034): pages,
// and since issue 44 finding 11 the public API's package and blog reads too.

let base: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  const limit = new RenderLimit({ perMinute: 5, clientIp: (req) => String(req.headers["x-client"]), isSignedIn: async () => false });
  app.use(async (req, res, next) => ((await limit.admit(req, res)) ? next() : undefined));
  app.use((_req, res) => void res.json({ rendered: true }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

/** One after another, so the order of the answers is the order of the requests. */
async function statuses(client: string, paths: string[]) {
  const answers: number[] = [];
  for (const path of paths) answers.push((await fetch(`${base}${path}`, { headers: { "x-client": client } })).status);
  return answers;
}

describe("RenderLimit", () => {
  it("counts the public API's package and blog reads with a query the cache does not key, as it counts pages", async () => {
    const junk = Array.from({ length: 8 }, (_, i) => `/api/packages?x=${i}`);
    expect(await statuses("10.0.0.1", junk)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(await statuses("10.0.0.2", ["/api/blogs?a=1", "/api/blogs/7?b", "/?c", "/packages?d", "/api/packages/x", "/api/blogs"])).toEqual([
      200, 200, 200, 200, 200, 429,
    ]);
  });

  it("leaves the rest of the API and the back office to their own guards", async () => {
    expect(
      await statuses(
        "10.0.0.3",
        Array.from({ length: 7 }, (_, i) => (i % 2 ? `/api/health?${i}` : `/admin/packages?${i}`)),
      ),
    ).toEqual(Array(7).fill(200));
  });
});
