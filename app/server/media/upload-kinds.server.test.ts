import { describe, expect, it } from "vitest";
import { checkDeclaredUpload, headLooksLike, UploadRefused } from "./upload-kinds.server";

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof UploadRefused) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
};

describe("checkDeclaredUpload", () => {
  it("takes images up to 25 MB and brochures up to 10 MB", () => {
    expect(checkDeclaredUpload("image", 25 * 1024 * 1024)).toBe("image");
    expect(checkDeclaredUpload("brochure", 10 * 1024 * 1024)).toBe("brochure");
    expect(refusal(() => checkDeclaredUpload("image", 25 * 1024 * 1024 + 1))).toEqual({ status: 413, message: "An image may be at most 25 MB." });
    expect(refusal(() => checkDeclaredUpload("brochure", 10 * 1024 * 1024 + 1)).status).toBe(413);
    expect(checkDeclaredUpload("proof", 25 * 1024 * 1024)).toBe("proof");
    expect(refusal(() => checkDeclaredUpload("proof", 25 * 1024 * 1024 + 1))).toEqual({ status: 413, message: "A proof may be at most 25 MB." });
  });
  it("refuses other kinds, no length and empty files", () => {
    expect(refusal(() => checkDeclaredUpload("video", 10)).status).toBe(400);
    expect(refusal(() => checkDeclaredUpload(undefined, 10)).status).toBe(400);
    expect(refusal(() => checkDeclaredUpload("image", undefined)).status).toBe(400);
    expect(refusal(() => checkDeclaredUpload("image", 0)).status).toBe(400);
  });
});

describe("headLooksLike", () => {
  const bytes = (...values: number[]) => Buffer.from(values);
  it("knows photos and PDFs by their first bytes, not their names", () => {
    expect(headLooksLike("image", bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(true);
    expect(headLooksLike("image", Buffer.from("\x89PNG\r\n\x1a\n", "latin1"))).toBe(true);
    expect(headLooksLike("image", Buffer.from("RIFF\0\0\0\0WEBPVP8 ", "latin1"))).toBe(true);
    expect(headLooksLike("image", Buffer.from("\0\0\0\x1cftypavif", "latin1"))).toBe(true);
    expect(headLooksLike("image", Buffer.from("<svg xmlns="))).toBe(false);
    expect(headLooksLike("image", Buffer.from("%PDF-1.7"))).toBe(false);
    expect(headLooksLike("brochure", Buffer.from("%PDF-1.7"))).toBe(true);
    expect(headLooksLike("brochure", bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(false);
    // A payment's proof (ADR 114): either, nothing else.
    expect(headLooksLike("proof", Buffer.from("%PDF-1.7"))).toBe(true);
    expect(headLooksLike("proof", bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(true);
    expect(headLooksLike("proof", Buffer.from("<svg xmlns="))).toBe(false);
  });
});
