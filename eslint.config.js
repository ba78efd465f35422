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
    // The district API is a separate service: it never imports the web app.
    files: ["district-api/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["~/*", "**/app/*"] }],
    },
  },
  {
    // Domain rules are pure: no I/O, no web app, no district API.
    files: ["domain/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: ["~/*", "**/app/*", "**/district-api/*", "node:*", "pg", "@electric-sql/*"] },
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
