import { describe, expect, it } from "vitest";
import { formatBytes, librarySearchHref, mediaActionSchema, parseLibrarySearch } from "./media-library";

describe("the media library's search and actions", () => {
  it("reads the search from the URL, falling back on anything unknown", () => {
    expect(parseLibrarySearch(new URLSearchParams("q=%20bali%20&filter=unused&page=2"))).toEqual({ q: "bali", filter: "unused", page: 2 });
    expect(parseLibrarySearch(new URLSearchParams("filter=everything&page=-3"))).toEqual({ q: "", filter: "all", page: 1 });
  });

  it("writes the search back into an address, leaving defaults out", () => {
    expect(librarySearchHref("/admin/media", { q: "bali beach", filter: "no-alt", page: 3 })).toBe("/admin/media?q=bali+beach&filter=no-alt&page=3");
    expect(librarySearchHref("/admin/media", { q: "", filter: "all", page: 1 })).toBe("/admin/media");
  });

  it("checks each action's fields with one schema", () => {
    expect(mediaActionSchema.safeParse({ intent: "alt", id: "4", alt: "  Rice terraces  " }).data).toEqual({ intent: "alt", id: 4, alt: "Rice terraces" });
    expect(mediaActionSchema.safeParse({ intent: "alt", id: "4", alt: "x".repeat(301) }).error?.issues[0]?.message).toBe("Alt text is at most 300 characters.");
    expect(mediaActionSchema.safeParse({ intent: "replace", id: "4", upload: "/etc/passwd" }).success).toBe(false);
    expect(mediaActionSchema.safeParse({ intent: "delete", id: "0" }).success).toBe(false);
  });

  it("says sizes as people read them", () => {
    expect(formatBytes(2_500_000)).toBe("2.4 MB");
    expect(formatBytes(830 * 1024)).toBe("830 KB");
    expect(formatBytes(null)).toBe("");
  });
});
