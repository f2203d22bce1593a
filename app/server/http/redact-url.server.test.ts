import { describe, expect, it } from "vitest";
import { redactUrlForLog } from "./redact-url.server";

describe("redactUrlForLog", () => {
  it("redacts a set-password link's token in the path, and its .data twin", () => {
    expect(redactUrlForLog("/admin/reset-password/AbC-123_xyz")).toBe("/admin/reset-password/[redacted]");
    // The trip page's token (ADR 108).
    expect(redactUrlForLog("/trip/AbC-123_xyz")).toBe("/trip/[redacted]");
    expect(redactUrlForLog("/trip/AbC-123_xyz.data?_routes=x")).toBe("/trip/[redacted].data?_routes=x");
    // The review form's one-time link (ADR 116).
    expect(redactUrlForLog("/review/AbC-123_xyz")).toBe("/review/[redacted]");
    expect(redactUrlForLog("/admin/reset-password/AbC-123_xyz.data?_routes=x")).toBe("/admin/reset-password/[redacted].data?_routes=x");
    expect(redactUrlForLog("/ADMIN/Reset-Password/AbC")).toBe("/ADMIN/Reset-Password/[redacted]");
  });

  it("redacts every query parameter named like a secret, and keeps the rest", () => {
    expect(redactUrlForLog("/admin/reset-password?token=AbC123")).toBe("/admin/reset-password?token=[redacted]");
    expect(redactUrlForLog("/x?page=2&reset_token=s3cret&apiKey=k&Password=p&q=bali")).toBe(
      "/x?page=2&reset_token=[redacted]&apiKey=[redacted]&Password=[redacted]&q=bali",
    );
    expect(redactUrlForLog("/x?%74oken=s3cret")).toBe("/x?%74oken=[redacted]");
    expect(redactUrlForLog("/packages/bali?tab=itinerary")).toBe("/packages/bali?tab=itinerary");
  });

  it("redacts the token where a value names the page's address: React Router's route discovery", () => {
    const manifest = "/__manifest?paths=%2Fadmin%2C%2Fadmin%2Freset-password%2C%2Fadmin%2Freset-password%2FMbH937tTnrc_8-i4BksKY0PV&version=b7fb4b5a";
    const redacted = redactUrlForLog(manifest);
    expect(redacted).not.toContain("MbH937tTnrc");
    expect(decodeURIComponent(redacted)).toBe("/__manifest?paths=/admin,/admin/reset-password,/admin/reset-password/[redacted]&version=b7fb4b5a");
  });

  it("leaves ordinary addresses alone", () => {
    expect(redactUrlForLog("/")).toBe("/");
    expect(redactUrlForLog("/admin/reset-password")).toBe("/admin/reset-password");
    expect(redactUrlForLog("/blogs/street-food-guide")).toBe("/blogs/street-food-guide");
  });
});
