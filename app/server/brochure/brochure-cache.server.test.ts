import { describe, expect, it } from "vitest";
import { BrochureCache, type RenderedBrochure } from "./brochure-cache.server";

const brochure = (text: string, size = 10): RenderedBrochure => ({ pdf: Buffer.alloc(size, text), fileName: "x.pdf", title: text, slug: `p${text}` });

describe("BrochureCache", () => {
  it("renders once per package and version; concurrent first requests share the render", async () => {
    const cache = new BrochureCache();
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return brochure("a");
    };
    const answers = await Promise.all([cache.get(1, "v1", render), cache.get(1, "v1", render), cache.get(1, "v1", render)]);
    expect(renders).toBe(1);
    expect(answers.map((answer) => answer.from)).toEqual(["render", "shared", "shared"]);
    expect((await cache.get(1, "v1", render)).from).toBe("hit");
    // A new content version (a write anywhere): rendered again.
    expect((await cache.get(1, "v2", render)).from).toBe("render");
    expect(renders).toBe(2);
    // Found by slug for the current version only.
    expect(cache.peek("pa", "v2")?.title).toBe("a");
    expect(cache.peek("pa", "v1")).toBeNull();
    expect(cache.peek("pb", "v2")).toBeNull();
  });

  it("keeps no failed render", async () => {
    const cache = new BrochureCache();
    await expect(cache.get(1, "v1", () => Promise.reject(new Error("font missing")))).rejects.toThrow("font missing");
    expect((await cache.get(1, "v1", async () => brochure("b"))).from).toBe("render");
  });

  it("lets the least recently used brochure go beyond its bytes", async () => {
    const cache = new BrochureCache(25);
    await cache.get(1, "v", async () => brochure("1"));
    await cache.get(2, "v", async () => brochure("2"));
    await cache.get(1, "v", async () => brochure("1"));
    await cache.get(3, "v", async () => brochure("3"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.size.bytes).toBeLessThanOrEqual(25);
    expect((await cache.get(1, "v", async () => brochure("1"))).from).toBe("hit");
    expect((await cache.get(2, "v", async () => brochure("2"))).from).toBe("render");
  });
});
