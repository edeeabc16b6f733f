// Flat config: fast, non-type-checked rules (typecheck is its own step of `npm test`).
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { moduleBoundaries } from "./scripts/lint/module-boundaries.js";

// The layers of ARCHITECTURE §3, checked like bulletproof-react's `import/no-restricted-paths` zones.
const FEATURES = ["account", "autoship", "cart", "catalog", "checkout", "content", "donations"];
// Import patterns a layer may use only for types (erased at build time): import-x's zones cannot
// tell `import type` apart, typescript-eslint's no-restricted-imports can (allowTypeImports).
const SERVER_VALUES = {
  regex: "^(\\.\\./)+server(/|$)",
  allowTypeImports: true,
  message: "Browser code imports no value from server/: use `import type`, rules/, or a `*.server.ts` file.",
};
const WORKFLOW_VALUES = {
  regex: "(^|/)workflows/",
  allowTypeImports: true,
  message: "Modules never call workflows; a workflow calls modules (wire it in server/wiring/).",
};

const LAYER_ZONES = [
  {
    target: "./rules",
    from: ["./app", "./server"],
    message: "rules/ is pure and shared by browser and server: it imports nothing of app/ or server/.",
  },
  {
    target: "./widgets",
    from: ["./app", "./server"],
    message: "widgets/ are browser bundles of their own: they share rules/ only and talk to the API.",
  },
  // Features import each other only through app/components/ or rules/.
  ...FEATURES.map((name) => ({
    target: `./app/features/${name}`,
    from: "./app/features",
    except: [`./${name}`],
    message: "Features do not import each other: share through app/components/ or rules/.",
  })),
];
export default defineConfig(
  {
    ignores: ["build/**", ".react-router/**", "node_modules/**", "data/**", ".tmp/**", "test-results/**", "playwright-report/**", "drizzle/**"],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          args: "after-used",
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: ["app/**/*.tsx"],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      // no-cycle parses the imported files: it must know .ts(x) and their parser.
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: LAYER_ZONES }],
      // Type-only imports are erased and cannot form a runtime cycle; the rule skips them.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // A module through its door only; its tables inside it (scripts/lint/module-boundaries.js).
    files: ["**/*.{ts,tsx}"],
    plugins: { local: { rules: { "module-boundaries": moduleBoundaries } } },
    rules: { "local/module-boundaries": "error" },
  },
  {
    // Browser code: app/ except `*.server.ts(x)` files and tests. Types from server/ are fine.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.{ts,tsx}", "app/**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [SERVER_VALUES] }] },
  },
  {
    // Modules never call workflows. Tests may set up data through them.
    files: ["server/modules/**/*.ts"],
    ignores: ["server/modules/**/*.test.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [WORKFLOW_VALUES] }] },
  },
);
