import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  { ignores: ["node_modules", "build", "build-*", ".data", ".data-*", "public/build"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // Browser weight (decision 093): Mantine is imported one component per module from app/ui/mantine
    // (the package index would put every component in one chunk on every page), and pages read
    // their own area's texts, not the whole catalogue.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/.server/**", "app/ui/mantine/**", "app/**/*.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@mantine/core",
              allowTypeImports: true,
              message: "Import the component from ~/ui/mantine/<Name>.",
            },
            { name: "@domain/messages", message: "Import t from @domain/messages/<area>." },
          ],
          patterns: [
            { regex: "(^|/)messages(/index)?$", message: "Import t from messages/<area>." },
          ],
        },
      ],
    },
  },
  {
    // The district API is a separate service: it never imports the web app.
    files: ["district-api/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["~/*", "**/app/*"] }],
    },
  },
  {
    // http/ parses, authorises and calls a service or a query module; SQL lives there.
    files: ["district-api/http/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/*", "**/app/*"], message: "The district API never imports the web app." },
            {
              group: [
                "drizzle-orm",
                "drizzle-orm/*",
                "**/db/client",
                "**/db/schema",
                "**/db/schema/*",
              ],
              message: "SQL lives in district-api/services or district-api/queries.",
            },
          ],
        },
      ],
    },
  },
  {
    // Services guard the data and know nothing of HTTP: http/ calls them, never the reverse.
    files: [
      "district-api/services/**/*.ts",
      "district-api/queries/**/*.ts",
      "district-api/payments/**/*.ts",
      "district-api/db/**/*.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/*", "**/app/*"], message: "The district API never imports the web app." },
            { group: ["**/http/*", "../http"], message: "Services do not import the HTTP layer." },
          ],
        },
      ],
    },
  },
  {
    // Row locks are taken in one module, in one order, with a lock timeout (services/locks.ts),
    // and a cart's status changes in one module (services/cart-status.ts); docs/architecture.md.
    // The payment simulator stands in for Stripe and keeps its own lock; the migrations take one
    // advisory lock before any service runs.
    files: ["district-api/**/*.ts"],
    ignores: [
      "district-api/services/locks.ts",
      "district-api/services/cart-status.ts",
      "district-api/payments/**",
      "district-api/db/**",
    ],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "TemplateElement[value.raw=/for\\s+(no\\s+key\\s+)?update|for\\s+(key\\s+)?share|pg_advisory/i]",
          message: "Take row locks with lockRows or lockCommunityRegistration (services/locks.ts).",
        },
        {
          selector: "CallExpression[callee.property.name='for'][arguments.0.value=/update|share/]",
          message: "Take row locks with lockRows (services/locks.ts).",
        },
        {
          // A cart's status moves only along CART_MOVES (services/cart-status.ts).
          selector: "TemplateElement[value.raw=/update\\s+carts\\s+set\\s+status/i]",
          message: "Change a cart's status with moveCart or moveCarts (services/cart-status.ts).",
        },
      ],
    },
  },
  {
    // Domain rules are pure: no I/O, no web app, no district API.
    files: ["domain/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/*", "**/app/*", "**/district-api/*", "node:*", "pg", "@electric-sql/*"] },
            // Pages load one area's texts (decision 093); the whole catalogue is for the server.
            { regex: "^\\.\\./messages(/index)?$", message: "Import t from ../messages/<area>." },
          ],
        },
      ],
    },
  },
  {
    // Tests read JSON replies of any shape.
    files: ["tests/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  { files: ["**/*.js"], languageOptions: { globals: globals.node } },
);
