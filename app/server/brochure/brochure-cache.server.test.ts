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

  it("answers the previous brochure, under its own version, while a new version's render takes long (issue 44 finding 10)", async () => {
    const cache = new BrochureCache(64 * 1024 * 1024, 30);
    await cache.get(1, "v1", async () => brochure("a"));
    let finish: (made: RenderedBrochure) => void = () => {};
    const slow = () => new Promise<RenderedBrochure>((resolve) => (finish = resolve));
    // Written since: the new version renders; meanwhile the requests get the previous brochure.
    expect(await cache.get(1, "v2", slow)).toMatchObject({ from: "previous", id: "v1", brochure: { title: "a" } });
    expect(await cache.get(1, "v2", slow)).toMatchObject({ from: "previous", id: "v1" });
    expect(cache.counts.renders).toBe(2);
    finish(brochure("b"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get(1, "v2", slow)).toMatchObject({ from: "hit", id: "v2", brochure: { title: "b" } });
    // A quick render is waited for: the next request after a save gets the new brochure.
    expect(await cache.get(1, "v3", async () => brochure("c"))).toMatchObject({ from: "render", id: "v3", brochure: { title: "c" } });
    // Nothing to fall back on: the first render is waited for, however long.
    const first = cache.get(2, "v3", () => new Promise((resolve) => setTimeout(() => resolve(brochure("d")), 80)));
    expect(await first).toMatchObject({ from: "render", brochure: { title: "d" } });
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
