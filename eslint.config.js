import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * no-restricted-imports reads `group` entries as gitignore patterns, where a leading `#` starts a comment: every
 * `#app/...` entry was silently ignored. The boundaries are regular expressions instead; `lint-boundaries.test.ts`
 * proves each one reports what it should.
 */

/** Server-only code: anything in a *.server module, models, services, the database client and seed, Node built-ins. */
const SERVER_ONLY = [
  "\\.server(\\.tsx?)?$",
  "^#app/(models|services)/",
  "^#app/db/(client\\.server|seed/)",
  "^node:",
  "^(\\.\\./)+(models|services)/",
];
const serverOnly = (message) => ({ regex: SERVER_ONLY.join("|"), message });

/**
 * Import boundaries (docs/architecture.md, "Conventions"):
 * - components/ui knows nothing of the app;
 * - domain/ is pure and shared with the browser: no server code, no database;
 * - components never import a *.server module, not even for a type (the type lives in domain/).
 * Flat config replaces a rule's options per matching block, so the ui block repeats the components' rule.
 */
const COMPONENTS_MESSAGE = "Components run in the browser: import types from domain/, never from a server module.";
const boundaries = [
  {
    files: ["app/components/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [serverOnly(COMPONENTS_MESSAGE)] }] },
  },
  {
    files: ["app/components/ui/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            serverOnly(COMPONENTS_MESSAGE),
            { regex: "^#app/(?!components/ui/)|^\\.\\./", message: "components/ui holds app-agnostic pieces: pass app data in as props." },
          ],
        },
      ],
    },
  },
  {
    files: ["app/domain/**"],
    ignores: ["app/domain/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            serverOnly("domain/ is pure rules and types, shared with the browser: no server code."),
            {
              regex: "^(#app|\\.\\.)/(db|models|services|routes|components)(/|$)",
              message: "domain/ is pure rules and types, shared with the browser.",
            },
            // Types from the UI libraries are fine (a form result's shape); their code is not.
            { regex: "^(react|react-dom|react-router|@conform-to/.*)$", allowTypeImports: true, message: "domain/ holds no UI code." },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      ".tmp-*/",
      ".react-router/",
      "node_modules/",
      "data/",
      "bench/node_modules/",
      "bench/.tmp/",
      "test-results/",
      "playwright-report/",
      "screenshots/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  { languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } } },
  { files: ["**/*.js"], ...tseslint.configs.disableTypeChecked },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // React Router's idiom: loaders and actions throw responses (redirect(), data()) to answer early.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            { from: "package", package: "react-router", name: "DataWithResponseInit" },
          ],
        },
      ],
      // Event handlers may be async in React; a returned promise there is not a bug.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      // Methods that satisfy an async interface without awaiting anything are fine.
      "@typescript-eslint/require-await": "off",
      "no-console": ["error", { allow: ["warn", "error"] }],
      // Libraries mark what they are retiring (zod 4's z.string().email(), { message }, …): use the current API.
      "@typescript-eslint/no-deprecated": "error",
    },
  },
  ...boundaries,
  {
    files: ["scripts/**", "server/index.ts", "tests/**", "bench/**"],
    rules: { "no-console": "off" },
  },
  {
    // Test matchers (expect.any, expect.stringMatching) are typed any, and tests patch prototypes on purpose.
    files: ["**/*.test.ts", "tests/**"],
    rules: { "@typescript-eslint/no-unsafe-assignment": "off", "@typescript-eslint/unbound-method": "off" },
  },
);
