import { describe, expect, it } from "vitest";
import { mediaCacheControl } from "./media-headers.server";

describe("mediaCacheControl", () => {
  it("caches the pipeline's hashed names for a year, immutable: every width, the portrait cut and brochures", () => {
    for (const key of ["bali-3f2a9c01de-800.avif", "bali-3f2a9c01de-p450.avif", "bali-3f2a9c01de-p720.webp", "brochures/kerala-1a2b3c4d5e.pdf"]) {
      expect(mediaCacheControl(key), key).toBe("public, max-age=31536000, immutable");
    }
  });

  it("asks again after a day for a file named by hand", () => {
    for (const key of ["team-photo.jpg", "bali-800.avif", "bali-3f2a9c01de-x450.avif"]) {
      expect(mediaCacheControl(key), key).toBe("public, max-age=86400");
    }
  });
});
