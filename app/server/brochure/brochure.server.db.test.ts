import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { bumpContentVersion, noteContentWritten } from "~/server/cache/content-version.server";
import type { Db } from "~/server/db/db.server";
import { packages, type PackageRow } from "~/server/db/schema.server";
import { closeTestDatabase, openTestDatabase } from "../../../tests/support/test-db";
import { getLogger } from "~/server/logger.server";
import { LocalDiskStorage, setMediaStorage } from "~/server/media/storage.server";
import { BrochureService } from "./brochure.server";

let db: Db;
let bali: PackageRow;

beforeAll(async () => {
  // No photos stored: a brochure without them is still a brochure.
  setMediaStorage(new LocalDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), "brochure-media-"))));
  db = await openTestDatabase({ seeded: true });
  const [row] = await db.select().from(packages).where(eq(packages.slug, "bali"));
  bali = row!;
});
afterAll(closeTestDatabase);

const text = (pdf: Buffer) => spawnSync("pdftotext", ["-enc", "UTF-8", "-", "-"], { input: pdf }).stdout.toString("utf8").replace(/\s+/g, " ");

describe("BrochureService", () => {
  it("renders a published package once per content version, with ₹ as text", async () => {
    // Every render waited for: on a loaded machine the second one may take over the 2.5 s after which the previous
    // brochure is answered instead (that is brochure-cache.server.test.ts's case), and this test is about versions.
    const service = new BrochureService({ previousAfterMs: 60_000 });
    onTestFinished(() => service.close());
    // Two requests at once share one render; which one starts it depends on which version read returns first.
    const answers = await Promise.all([service.answer(bali), service.answer(bali)]);
    expect(answers.map((answer) => (answer.kind === "pdf" ? answer.from : answer.kind)).sort()).toEqual(["render", "shared"]);
    const first = answers[0];
    if (first.kind !== "pdf" || answers[1].kind !== "pdf") throw new Error("no PDF");
    expect(answers[1].brochure).toBe(first.brochure);
    expect(first.brochure.pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const words = text(first.brochure.pdf);
    expect(words).toContain("Bali Group Tour");
    expect(words).toContain("₹99,500");
    expect(words).not.toContain("Rs.");
    expect(await service.answer(bali)).toMatchObject({ from: "hit" });

    await bumpContentVersion(db);
    noteContentWritten();
    expect(await service.answer(bali)).toMatchObject({ from: "render" });
    expect(service.cache.counts.renders).toBe(2);
  });

  it("never keeps a draft, and has nothing to make without a price", async () => {
    const service = new BrochureService();
    onTestFinished(() => service.close());
    expect(await service.answer({ ...bali, status: "draft" })).toMatchObject({ kind: "pdf", from: "preview", etag: null });
    expect(await service.answer({ ...bali, status: "draft" })).toMatchObject({ from: "preview" });
    expect(service.cache.size.entries).toBe(0);
    expect(await service.answer({ ...bali, price: { kind: "single", amount: 0, unit: "per person" }, priceOptions: [] })).toEqual({ kind: "unavailable" });
  });

  it("a renderer failure is logged once for everyone waiting, answers 'failed', and is not kept", async () => {
    const error = vi.spyOn(getLogger(), "error").mockImplementation(() => undefined);
    let calls = 0;
    const service = new BrochureService({
      renderPdf: async () => {
        calls += 1;
        throw new Error("font table broken");
      },
    });
    const answers = await Promise.all([service.answer(bali), service.answer(bali), service.answer(bali)]);
    expect(answers).toEqual([{ kind: "failed" }, { kind: "failed" }, { kind: "failed" }]);
    expect(calls).toBe(1);
    expect(error).toHaveBeenCalledTimes(1);
    expect(await service.answer(bali)).toEqual({ kind: "failed" });
    expect(calls).toBe(2);
    error.mockRestore();
  });
});
