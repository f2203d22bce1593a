import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The probes of ADR 080's import rules: a small tree (app/server folders,
 * server/, app/routes) with the repo's tsconfig settings, on which the lint's
 * real check (depcruise with .dependency-cruiser.cjs) and the one-shot count
 * (server-import-graph.mjs) must each find every probe, and nothing else.
 * A rule that could not fail would fail here.
 */
const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, "..");

const TSCONFIG = JSON.stringify({
  compilerOptions: { module: "ES2022", moduleResolution: "bundler", baseUrl: ".", paths: { "~/*": ["./app/*"] }, verbatimModuleSyntax: true, strict: true },
});

/**
 * One tree, so the check starts once: folders that import one way (with a
 * type-only import back), and one probe per rule, each on folders of its own.
 */
const TREE: Record<string, string> = {
  "tsconfig.json": TSCONFIG,
  "app/server/logger.server.ts": 'import { i } from "~/server/i/i.server";\nexport const log = (message: string) => message + i;\n',
  "app/server/i/i.server.ts": "export const i = 1;\n",
  // Fine: j → k by value, k → j by type only (gone at run time).
  "app/server/j/j.server.ts": 'import { k } from "~/server/k/k.server";\nexport type J = { name: string };\nexport const j = k;\n',
  "app/server/k/k.server.ts":
    'import { log } from "~/server/logger.server";\nimport type { J } from "~/server/j/j.server";\nexport const k = log("k");\nexport type K = J;\n',
  // A value import back: a → b → a.
  "app/server/a/a.server.ts": 'import { b } from "~/server/b/b.server";\nexport const a = () => b;\n',
  "app/server/b/b.server.ts": 'import { a } from "../a/a.server";\nexport const b = () => a;\n',
  // A dynamic import back: it loads the module all the same.
  "app/server/c/c.server.ts": 'import { d } from "~/server/d/d.server";\nexport const c = d;\n',
  "app/server/d/d.server.ts": 'export const d = 1;\nexport const later = () => import("~/server/c/c.server");\n',
  // Around three folders: e → f → g → e.
  "app/server/e/e.server.ts": 'import { f } from "~/server/f/f.server";\nexport const e = () => f;\n',
  "app/server/f/f.server.ts": 'import { g } from "~/server/g/g.server";\nexport const f = () => g;\n',
  "app/server/g/g.server.ts": 'import { e } from "~/server/e/e.server";\nexport const g = () => e;\n',
  // Route code imported by the server (a route that imports no server code, so no cycle as well).
  "app/routes/page.ts": "export const loader = () => 1;\n",
  "server/app.ts": 'import { loader } from "../app/routes/page";\nexport const app = loader;\n',
  "app/server/h/route-use.server.ts": 'import { loader } from "~/routes/page";\nexport const use = loader;\n',
};

type Violation = { rule: { name: string }; from: string; to: string; cycle?: { name: string }[] };

describe("the server's import rules (ADR 080)", { timeout: 120_000 }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), "import-rules-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  for (const [file, text] of Object.entries(TREE)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const folderOf = (name: string) => name.replace(/^app\/server\/?/, "") || ".";

  it("the lint's check (depcruise) fails on each probe and on nothing else", async () => {
    const depcruise = path.join(repo, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
    const args = [depcruise, "app/server", "server", "--config", path.join(repo, ".dependency-cruiser.cjs"), "--no-cache", "--output-type", "json"];
    const { stdout } = await run(process.execPath, args, { cwd: dir });
    // `npm run lint` prints the "err" report, whose exit code is this error count.
    const { error, violations } = (JSON.parse(stdout) as { summary: { error: number; violations: Violation[] } }).summary;
    expect(error).toBe(violations.length);
    const byRule = (name: string) => violations.filter((v) => v.rule.name === name);
    const inCycles = new Set(byRule("no-server-folder-cycle").flatMap((v) => [v.from, v.to, ...(v.cycle ?? []).map((step) => step.name)].map(folderOf)));
    expect([...inCycles].sort()).toEqual(["a", "b", "c", "d", "e", "f", "g"]);
    expect(
      byRule("no-route-code-in-server")
        .map((v) => `${v.from} -> ${v.to}`)
        .sort(),
    ).toEqual(["app/server/h/route-use.server.ts -> app/routes/page.ts", "server/app.ts -> app/routes/page.ts"]);
    expect(byRule("server-root-below-every-folder").map((v) => `${v.from} -> ${v.to}`)).toEqual(["app/server/logger.server.ts -> app/server/i/i.server.ts"]);
    expect(violations).toHaveLength(
      byRule("no-server-folder-cycle").length + byRule("no-route-code-in-server").length + byRule("server-root-below-every-folder").length,
    );
  });

  it("the one-shot count finds the same cycles and the route import", async () => {
    const failed = await run(process.execPath, [path.join(repo, "scripts/server-import-graph.mjs"), `--root=${dir}`, "--json"]).then(
      () => null,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failed?.code).toBe(1);
    const { cycles, routeImports, graph } = JSON.parse(failed!.stdout) as { cycles: string[][]; routeImports: string[]; graph: Record<string, string[]> };
    expect(cycles.sort()).toEqual([
      ["a", "b"],
      ["c", "d"],
      ["e", "f", "g"],
    ]);
    expect(routeImports).toEqual(["app/server/h/route-use.server.ts -> ~/routes/page"]);
    // The type-only import back is no edge.
    expect(graph.j).toEqual(["k"]);
    expect(graph.k).toEqual(["."]);
  });
});
