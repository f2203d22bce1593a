#!/usr/bin/env node
// One-shot count of app/server's folder graph (ADR 080): every value import between its folders
// (`import type` and `import { type A }` with only type names are left out: they are gone at run
// time; a dynamic `import()` counts), then the strongly connected components of that graph. Exits 1
// when a component has more than one folder, i.e. when two folders import each other through any
// path. `npm run lint` enforces the same with dependency-cruiser (.dependency-cruiser.cjs); this
// script prints the whole picture, e.g. for a review or a closing note.
//   node scripts/server-import-graph.mjs            folder graph, components, a verdict
//   node scripts/server-import-graph.mjs --edges    also each edge's importing files
//   node scripts/server-import-graph.mjs --json     the graph as JSON
import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(process.argv.find((a) => a.startsWith("--root="))?.slice(7) ?? ".");
const serverDir = path.join(root, "app/server");
const showEdges = process.argv.includes("--edges");
const asJson = process.argv.includes("--json");

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) yield full;
  }
}

/** The folder of app/server a file belongs to: its first path segment ("." for app/server's own files). */
function folderOf(file) {
  const rel = path.relative(serverDir, file);
  if (rel.startsWith("..")) return null;
  const parts = rel.split(path.sep);
  return parts.length === 1 ? "." : parts[0];
}

function resolveSpecifier(from, spec) {
  let base;
  if (spec.startsWith("~/")) base = path.join(root, "app", spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return base;
}

/** The value imports of one file: module specifiers whose import survives compilation. */
function valueImports(file) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const specs = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) specs.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const typeOnly = node.isTypeOnly || (node.exportClause && ts.isNamedExports(node.exportClause) && node.exportClause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) specs.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) specs.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specs;
}

/** folder -> folder -> importing files */
const graph = new Map();
const routeImports = [];
for (const file of walk(serverDir)) {
  const from = folderOf(file);
  if (!graph.has(from)) graph.set(from, new Map());
  for (const spec of valueImports(file)) {
    const target = resolveSpecifier(file, spec);
    if (!target) continue;
    if (target.startsWith(path.join(root, "app/routes"))) routeImports.push(`${path.relative(root, file)} -> ${spec}`);
    const to = folderOf(target);
    if (!to || to === from) continue;
    const edges = graph.get(from);
    if (!edges.has(to)) edges.set(to, new Set());
    edges.get(to).add(path.relative(serverDir, file));
  }
}

// Tarjan's strongly connected components.
const index = new Map();
const low = new Map();
const onStack = new Set();
const stack = [];
const components = [];
let counter = 0;
function strongConnect(v) {
  index.set(v, counter);
  low.set(v, counter++);
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v)?.keys() ?? []) {
    if (!index.has(w)) {
      strongConnect(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) === index.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    components.push(component.sort());
  }
}
const folders = [...new Set([...graph.keys(), ...[...graph.values()].flatMap((e) => [...e.keys()])])].sort();
for (const f of folders) if (!index.has(f)) strongConnect(f);
const cycles = components.filter((c) => c.length > 1);

if (asJson) {
  const out = Object.fromEntries(folders.map((f) => [f, [...(graph.get(f)?.keys() ?? [])].sort()]));
  console.log(JSON.stringify({ graph: out, cycles, routeImports }, null, 2));
} else {
  let edgeCount = 0;
  console.log("app/server folder graph (value imports; '.' is app/server's own files):");
  for (const f of folders) {
    const targets = [...(graph.get(f)?.keys() ?? [])].sort();
    edgeCount += targets.length;
    console.log(`  ${f.padEnd(16)} -> ${targets.join(", ") || "(nothing)"}`);
    if (showEdges) for (const t of targets) console.log(`      ${t}: ${[...graph.get(f).get(t)].sort().join(", ")}`);
  }
  console.log(`${folders.length} folders, ${edgeCount} folder edges.`);
  if (routeImports.length) console.log(`app/server imports route code:\n  ${routeImports.join("\n  ")}`);
  if (cycles.length === 0) console.log("Strongly connected components of more than one folder: none (no cycle).");
  else {
    console.log(`Strongly connected components of more than one folder: ${cycles.length}`);
    for (const c of cycles) console.log(`  ${c.length} folders: ${c.join(", ")}`);
  }
}
process.exitCode = cycles.length > 0 || routeImports.length > 0 ? 1 : 0;
