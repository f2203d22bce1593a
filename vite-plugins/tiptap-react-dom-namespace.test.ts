import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as ReactDomNamespace from "react-dom";
import ReactDomDefault from "react-dom";
import { describe, expect, it } from "vitest";
import { DEFAULT_IMPORT, rewriteReactDomImport } from "./tiptap-react-dom-namespace";

/**
 * The contract of vite.config.ts's rewrite of @tiptap/react's build (house
 * style 9), against the installed package: when tiptap changes the rewritten
 * line, imports react-dom another way or uses more of it, this fails and the
 * rewrite is checked again (or goes).
 */
const entry = fileURLToPath(import.meta.resolve("@tiptap/react"));
const dist = path.dirname(entry);
const esmFiles = readdirSync(dist, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".js"))
  .map((file) => path.join(dist, file));
const reactDomImports = (code: string) => [...code.matchAll(/^import\s+(.+?)\s+from\s+["']react-dom["'];?$/gm)].map((match) => match[1]!);

describe("@tiptap/react's react-dom import (vite-plugins/tiptap-react-dom-namespace.ts)", () => {
  it("the browser build imports react-dom's default export in exactly the line the rewrite replaces", () => {
    const code = readFileSync(entry, "utf8");
    expect(code.split(DEFAULT_IMPORT)).toHaveLength(2);
    expect(reactDomImports(code)).toEqual(["ReactDOM"]);
  });

  it("after the rewrite no file of @tiptap/react imports react-dom's default export", () => {
    const defaults = esmFiles.flatMap((file) => {
      const code = rewriteReactDomImport(readFileSync(file, "utf8")) ?? readFileSync(file, "utf8");
      return reactDomImports(code)
        .filter((clause) => !clause.startsWith("*") && !clause.startsWith("{"))
        .map((clause) => `${path.relative(dist, file)}: ${clause}`);
    });
    expect(defaults).toEqual([]);
  });

  it("uses only members that react-dom's namespace has, the same functions as its default export", () => {
    const used = [...readFileSync(entry, "utf8").matchAll(/\bReactDOM\.(\w+)/g)].map((match) => match[1]!);
    expect(used.length).toBeGreaterThan(0);
    for (const member of new Set(used)) {
      expect(typeof (ReactDomNamespace as Record<string, unknown>)[member]).toBe("function");
      expect((ReactDomNamespace as Record<string, unknown>)[member]).toBe((ReactDomDefault as unknown as Record<string, unknown>)[member]);
    }
  });
});
