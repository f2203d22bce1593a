import fs from "node:fs";
import { PDFDocument } from "@cantoo/pdf-lib";
import { TUS_RESUMABLE as TUS, tusMetadata as metadata } from "../support/tus-requests";
import { expect, test } from "./fixtures";

const PHOTO = fs.readFileSync("/work/shared/photos/16-green-rolling-hills.jpg");

test("anonymous visitors cannot upload", async ({ request }) => {
  const response = await request.post("/api/uploads", {
    headers: { ...TUS, "Upload-Length": "100", "Upload-Metadata": metadata({ kind: "image" }) },
  });
  expect(response.status()).toBe(401);
  expect(await response.json()).toEqual({ error: "Sign in to do this." });
});

test("a signed-in admin uploads a photo in two parts through the production server and gets its variants", async ({ adminPage: page }) => {
  const api = page.request;
  const created = await api.post("/api/uploads", {
    headers: { ...TUS, "Upload-Length": String(PHOTO.length), "Upload-Metadata": metadata({ kind: "image", filename: "hills.jpg" }) },
  });
  expect(created.status()).toBe(201);
  const location = created.headers()["location"]!;
  const half = Math.floor(PHOTO.length / 2);
  const patch = (offset: number, body: Buffer) =>
    api.patch(location, {
      headers: { ...TUS, "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
      data: body,
    });
  expect((await patch(0, PHOTO.subarray(0, half))).status()).toBe(204);
  const head = await api.head(location, { headers: TUS });
  const offset = Number(head.headers()["upload-offset"]);
  expect(offset).toBe(half);
  const finished = await patch(offset, PHOTO.subarray(offset));
  expect(finished.status()).toBe(200);
  const result = (await finished.json()) as { key: string; variants: { url: string; format: string }[] };
  expect(result.key).toMatch(/^upload-/);
  const avif = result.variants.find((variant) => variant.format === "avif")!;
  const image = await api.get(avif.url);
  expect(image.status()).toBe(200);
  expect((await image.body()).subarray(4, 12).toString("latin1")).toBe("ftypavif");

  const text = Buffer.from("this is not a photo at all");
  const wrong = await api.post("/api/uploads", {
    headers: { ...TUS, "Upload-Length": String(text.length), "Upload-Metadata": metadata({ kind: "image", filename: "photo.jpg" }) },
  });
  const refused = await api.patch(wrong.headers()["location"]!, {
    headers: { ...TUS, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
    data: text,
  });
  expect(refused.status()).toBe(415);
  expect((await refused.json()) as { error: string }).toEqual({ error: expect.stringContaining("not an image") });
});

test("an uploaded brochure is served as a sandboxed download; the editor links only brochures uploaded here", async ({ adminPage: page, db }) => {
  const api = page.request;
  const document = await PDFDocument.create();
  document.addPage([595, 842]).drawText("Kerala 5 Days / 4 Nights", { x: 50, y: 780, size: 18 });
  const pdf = Buffer.from(await document.save());
  const created = await api.post("/api/uploads", {
    headers: { ...TUS, "Upload-Length": String(pdf.length), "Upload-Metadata": metadata({ kind: "brochure", filename: "Kerala.pdf" }) },
  });
  const finished = await api.patch(created.headers()["location"]!, {
    headers: { ...TUS, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
    data: pdf,
  });
  expect(finished.status()).toBe(200);
  const { url, key } = (await finished.json()) as { url: string; key: string };
  db.onCleanup(() => db.query("delete from media where key = $1", [key]));

  const served = await page.request.get(url);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("application/pdf");
  expect(served.headers()["content-disposition"]).toMatch(/^attachment; filename="kerala-[0-9a-f]{10}\.pdf"$/);
  expect(served.headers()["content-security-policy"]).toMatch(/^sandbox;/);
  expect(served.headers()["x-content-type-options"]).toBe("nosniff");

  // The package API refuses a brochure anywhere else, with the field named.
  for (const brochureUrl of ["https://evil.example/x.exe", "//evil.example/x.pdf", "data:application/pdf;base64,JVBERi0="]) {
    const refused = await api.put("/api/packages/1", { data: { brochureUrl } });
    expect(refused.status(), brochureUrl).toBe(400);
    expect((await refused.json()).fields).toHaveProperty("brochureUrl");
  }
  const bali = await (await api.get("/packages/bali")).text();
  expect(bali).not.toContain("evil.example");
});
