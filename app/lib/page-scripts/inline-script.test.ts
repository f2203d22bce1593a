import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { answerFirstTaps } from "./first-tap";
import { functionSource, inlineCall, scriptJson } from "./inline-script";
import { startPageScripts } from "./start-page-scripts";

describe("inlineCall", () => {
  it("calls the function's own source with its arguments as JSON", () => {
    const source = inlineCall((a: number, b: { c: string }) => a + b.c.length, 2, { c: "abc" });
    expect(vm.runInNewContext(source)).toBe(5);
  });

  it("escapes < so no argument can close the script", () => {
    expect(scriptJson({ text: "</script><script>alert(1)</script>" })).not.toContain("<");
    expect(JSON.parse(scriptJson({ text: "</script>" }))).toEqual({ text: "</script>" });
  });
});

/** A window with just what the page scripts touch at start, recording the listeners they add. */
function fakeWindow() {
  const listeners: string[] = [];
  const documentElement = { hasAttribute: () => false };
  const context = {
    listeners,
    addEventListener: (type: string) => listeners.push(type),
    removeEventListener: () => {},
    document: { documentElement, readyState: "loading", visibilityState: "visible", querySelectorAll: () => [], addEventListener: () => {} },
    MutationObserver: class {
      observe() {}
    },
    PerformanceObserver: class {
      observe() {}
    },
    performance: { getEntriesByName: () => [] },
    navigator: { userAgent: "test" },
    setTimeout,
  };
  return vm.createContext(context);
}

// The page scripts are sent as their source (ADR 078): anything they used from
// outside their own bodies would be missing in the page. Run that way here.
describe("the page scripts run from their source alone", () => {
  it("answerFirstTaps adds its listeners at the window", () => {
    const context = fakeWindow();
    vm.runInContext(inlineCall(answerFirstTaps, { diallerDevices: "Android" }), context);
    const listeners = context.listeners as string[];
    expect(listeners.slice(0, 2)).toEqual(["click", "keydown"]);
    expect(listeners).toEqual(expect.arrayContaining(["pointerdown", "touchstart", "focusin", "submit"]));
  });

  it("startPageScripts waits for the first paint before anything else", async () => {
    const context = fakeWindow();
    const started = vm.runInContext(
      `(${startPageScripts.toString()})({ modules: [], entry: "", nonce: null }, () => Promise.resolve())`,
      context,
    ) as Promise<void>;
    // Nothing painted, not loaded: it waits, without a ReferenceError.
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

describe("functionSource", () => {
  it("drops the indentation and the build's @__PURE__ notes, and the source still runs", () => {
    const printed = "function add(a, b) {\n    const sum = /* @__PURE__ */ Number(a + b);\n    return sum;\n  }";
    const fn = new Function(`return ${printed}`)() as (a: number, b: number) => number;
    expect(functionSource(fn)).toBe("function add(a, b) {\nconst sum = Number(a + b);\nreturn sum;\n}");
    expect(vm.runInNewContext(`(${functionSource(fn)})(2, 3)`)).toBe(5);
  });
});
