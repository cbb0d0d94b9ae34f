import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import tseslint from "typescript-eslint";

// The import boundaries of app/ (docs/decisions/0028-layout-and-import-boundaries.md). Kinds of module are told apart
// by name and place, since features keep their components, shared rules and server parts in one folder.

/** Modules that run only on the server: the shared server code, every `*.server` module, and the load context. */
const SERVER_MODULES = ["app/.server/**", "app/**/*.server.{ts,tsx}"];
/** Route modules: Remix takes their loaders and actions (and what only those use) out of the browser build. */
const ROUTE_MODULES = ["app/root.tsx", "app/routes/**"];

// Paths as written in an import, relative or through `~/`. A `.server` folder or a `*.server` module is server code
// by name (the load context too: app/lib/context.server.ts); route modules hold loaders.
const SERVER_SPECIFIER = String.raw`(^|/)\.server(/|$)|\.server$`;
const ROUTE_SPECIFIER = String.raw`^~/(root|routes/.*)$|^(\.\.?/)+(root|routes/.*)$`;

const serverBoundary = "Server code reaches the browser build this way: import only its types (`import type`).";

const FOUNDATION_BOUNDARY =
  "The foundation (app/.server, app/lib) imports no feature: pass what it needs in, or move the shared part down.";

/** Feature folders: what the product does. The foundation (app/.server, app/lib) serves them and imports none. */
const FEATURES = [
  "announcements",
  "captcha",
  "game",
  "home",
  "identity",
  "minigame",
  "navigation",
  "promotions",
  "push",
  "shell",
  "site-status",
  "support",
  "tracking",
];

export default tseslint.config(
  {
    ignores: [
      "**/build/",
      "worker-configuration.d.ts",
      "**/node_modules/",
      "**/.wrangler/",
      "public/m/sw.js",
      "test-results/",
      "playwright-report/",
      ".cache/",
      // Deliberate violations that tests/unit/lint-rules.test.ts lints on its own.
      "tests/unit/fixtures/lint/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  // Browser-reachable modules (components, hooks, rules shared with the browser): server code and route modules
  // only as types. A value import would put server code in the browser bundle, or make a component depend on the
  // route that renders it (an import cycle through root.tsx).
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: [...SERVER_MODULES, ...ROUTE_MODULES, "app/entry.server.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: SERVER_SPECIFIER, allowTypeImports: true, message: serverBoundary },
            {
              regex: ROUTE_SPECIFIER,
              allowTypeImports: true,
              message: "Route modules hold loaders and render components: import only their types (root data: ~/shell/root-data).",
            },
          ],
        },
      ],
    },
  },
  // Checked on the resolved file, so relative and `~/` imports alike: server modules render no components (the edge
  // error page alone renders the app's error page), and nothing in app/ reaches into the Workers' own code. Then no
  // import cycles; the lint fixtures are in scope so that tests/unit/lint-rules.test.ts can show a cycle caught.
  {
    files: ["app/**/*.{ts,tsx}", "workers/**/*.ts", "tests/unit/fixtures/lint/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      // Without these import-x reads only .js files, and the cycle check would see no further than the first import.
      "import-x/extensions": [".ts", ".tsx"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createTypeScriptImportResolver({ project: ["tsconfig.json", "workers/wps-sandbox/tsconfig.json"], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: import.meta.dirname,
          zones: [
            {
              // `*.server.ts` only: app/entry.server.tsx is React's server renderer, the one server module that renders.
              target: ["app/.server/!(pages)/**", "app/.server/*.{ts,tsx}", "app/**/*.server.ts"],
              from: ["app/**/*.tsx"],
              message: "Server modules render no React components.",
            },
            {
              target: ["app/.server/pages/**"],
              from: ["app/**/*.tsx"],
              // The error card, and the translation provider it reads its texts from.
              except: ["**/app/shell/ErrorPage.tsx", "**/app/i18n/translate.tsx"],
              message: "The edge error page renders only the app's error card (app/shell/ErrorPage.tsx) and its translations.",
            },
            { target: ["app"], from: ["workers"], message: "The app runs inside workers/app.ts; it never imports the Workers' code." },
            {
              target: ["app/.server/**", "app/lib/**"],
              from: FEATURES.filter((feature) => feature !== "shell").map((feature) => `app/${feature}`),
              message: FOUNDATION_BOUNDARY,
            },
            {
              // The edge error page's card is the one exception (the zone above says why).
              target: ["app/.server/**", "app/lib/**"],
              from: ["app/shell"],
              except: ["./ErrorPage.tsx"],
              message: FOUNDATION_BOUNDARY,
            },
          ],
        },
      ],
      // Type-only imports are left out: they vanish from the build and make no cycle at run time.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    files: ["scripts/**", "tests/**", "*.config.*", ".ci/**"],
    languageOptions: { globals: { ...globals.node } },
  },
);
