import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { minifyPageScript } from "./minified-page-scripts";

// The page scripts are sent as the source of their exported functions (ADR 078):
// minified, each must still be a named function that runs from its source alone.
const dir = path.resolve("app/lib/page-scripts");
const read = (file: string) => fs.readFileSync(path.join(dir, file), "utf8");

describe("minifyPageScript", () => {
  it("keeps the exported functions' names and drops comments and whitespace", async () => {
    const source = read("first-tap.ts");
    const minified = await minifyPageScript(source, path.join(dir, "first-tap.ts"));
    expect(minified).toMatch(/export function answerFirstTaps\(/);
    expect(minified).not.toContain("/**");
    expect(minified.length).toBeLessThan(source.length / 2);
  });

  it("gives a startPageScripts whose source alone still runs and waits for the first paint", async () => {
    const minified = await minifyPageScript(read("start-page-scripts.ts"), path.join(dir, "start-page-scripts.ts"));
    const fn = /export (async function startPageScripts\([\s\S]*)$/.exec(minified.replace(/export\s*\{[^}]*\};?\s*$/, ""))?.[1];
    expect(fn).toBeDefined();
    const context = vm.createContext({
      document: { readyState: "loading", visibilityState: "visible", querySelectorAll: () => [] },
      addEventListener: () => {},
      PerformanceObserver: class {
        observe() {}
      },
      performance: { getEntriesByName: () => [] },
      setTimeout,
    });
    const started = vm.runInContext(`(${fn})({ modules: [], entry: "", nonce: null }, () => Promise.resolve())`, context) as Promise<void>;
    const settled = await Promise.race([
      started.then(
        () => "ran",
        (error: Error) => `failed: ${error.message}`,
      ),
      new Promise((resolve) => setTimeout(() => resolve("waiting"), 50)),
    ]);
    expect(settled).toBe("waiting");
  });
});
