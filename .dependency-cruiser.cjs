/**
 * The server's import rules (ADR 080), checked by `npm run lint` (`depcruise app server`).
 * Only imports that exist at run time count (tsPreCompilationDeps: false drops `import type`;
 * the linter's no-import-type-side-effects (oxlint, ADR 106) makes every type-only import an `import type`);
 * a dynamic import() counts. scripts/server-import-graph.test.ts proves each rule fails on a probe.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: "no-server-folder-cycle",
      comment:
        "Two app/server folders import each other (through any path). Break it as ADR 080 says: pass what is needed in, move the shared piece down, or register a content type in registry/ instead of importing it from content/.",
      severity: "error",
      scope: "folder",
      from: { path: "^app/server/[^/]+$" },
      to: { circular: true },
    },
    {
      name: "server-root-below-every-folder",
      comment: "app/server's own files (env, logger, services, http) sit below every folder: they import none, so no cycle can run through them.",
      severity: "error",
      from: { path: "^app/server/[^/]+\\.tsx?$" },
      to: { path: "^app/server/[^/]+/" },
    },
    {
      name: "no-route-code-in-server",
      comment: "server/ and app/server are below the routes: they never import a route module (the build's handler is the one way in).",
      severity: "error",
      from: { path: "^(server|app/server)/" },
      to: { path: "^app/routes/" },
    },
  ],
  options: {
    tsPreCompilationDeps: false,
    tsConfig: { fileName: "tsconfig.json" },
    // app/lib and app/components import no server code (the linter's layer rule, .oxlintrc.json): not followed, so not parsed.
    doNotFollow: { path: ["node_modules", "^app/(lib|components)/"] },
    moduleSystems: ["es6"],
    skipAnalysisNotInRules: true,
    // Tests may drive a route module's loader or action, and seed rows of any folder.
    exclude: { path: "(\\.test\\.tsx?|\\.d\\.ts)$" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
    cache: { folder: "node_modules/.cache/dependency-cruiser", strategy: "content" },
  },
};
