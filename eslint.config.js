import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["build/**", ".react-router/**", "node_modules/**", "data/**", ".cache/**", "test-results/**", "playwright-report/**", "bench/results/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // `import { type A }` still loads the module (verbatimModuleSyntax): a type-only import is `import type`,
      // so the import rules (ADR 080) and the bundler agree on what is a value import.
      "@typescript-eslint/no-import-type-side-effects": "error",
      // The spec's alerts and prompts are in-page notices and dialogs, never browser pop-ups.
      "no-alert": "error",
      "no-restricted-globals": ["error", "alert", "confirm", "prompt"],
    },
  },
  {
    // App and server code log through pino (getLogger()), never the console.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    rules: { "no-console": "error" },
  },
  // The layers (house style 1): lib and components are isomorphic and import no server code; the
  // server's domain code imports no routes or components. `~/server/...` and relative paths alike.
  ...[
    { files: ["app/lib/**/*.{ts,tsx}"], forbidden: ["server", "components", "routes"] },
    { files: ["app/components/**/*.{ts,tsx}"], forbidden: ["server", "routes"] },
    { files: ["app/server/**/*.{ts,tsx}"], forbidden: ["routes", "components"] },
  ].map(({ files, forbidden }) => ({
    files,
    // Tests may drive a route module's loader or action directly.
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: forbidden.flatMap((layer) => [`~/${layer}/*`, `**/${layer}/*`]),
              message: `This layer may not import app/${forbidden.join(", app/")} (house style 1); types only are fine.`,
              allowTypeImports: true,
            },
          ],
          // The router's code is one chunk shared by every page: a hook that only the admin uses
          // (useRevalidator) would be downloaded by every visitor (ADR 051). The public forms
          // post with useFetcher (ADR 068), so it is in that chunk for everyone.
          paths: [
            {
              name: "react-router",
              importNames: ["useFetchers", "useRevalidator"],
              message: "Use fetch, or navigate to the same address to reload (ADR 051).",
            },
          ],
        },
      ],
    },
  })),
  {
    // The same rule for the route modules: no admin-only router hooks (ADR 051).
    files: ["app/routes/**/*.{ts,tsx}", "app/root.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-router",
              importNames: ["useFetchers", "useRevalidator"],
              message: "Use fetch, or navigate to the same address to reload (ADR 051).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: globals.node },
  },
  {
    // Playwright fixtures receive a `use` callback that is not React's hook.
    files: ["tests/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
);
