import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

// No module reaches into a package's files by path (node_modules/..., a package's esm/ build):
// packages are used through their public entry points (decision 118).
const NO_PATHS_INTO_PACKAGES = ["ImportDeclaration", "ImportExpression"].map((node) => ({
  selector: `${node}[source.value=/node_modules|^@mantine\\u002F[^/]+\\u002F(esm|cjs|lib)\\u002F/]`,
  message: "Import a package by its public entry point, never by path into its files.",
}));

// One form system (docs/architecture.md, "a form"): a page's form is conform's useForm through
// useZodForm (app/components/zod-form.ts), which loads the zod schema and conform's zod adapter
// when the form is first used; no page keeps a form's choices in state of its own.
const ONE_FORM_SYSTEM = [
  {
    selector:
      "ImportDeclaration[source.value='@conform-to/react'] ImportSpecifier[imported.name='useForm']",
    message: "A page's form calls useZodForm (~/components/zod-form), not conform's useForm.",
  },
  {
    selector: "ImportDeclaration[source.value='@conform-to/zod'][importKind!='type']",
    message: "Pages validate through useZodForm, which imports @conform-to/zod on first focus.",
  },
  {
    selector: "ImportDeclaration[source.value=/use-hydrated-form$/]",
    message: "Forms are uncontrolled and read by conform (useZodForm), not adopted into state.",
  },
];

/**
 * The web app's pages and their server modules are run by the server process (server.ts and
 * server/: middlewares, health, metrics, start and stop); they never import it.
 */
const NOT_THE_SERVER = {
  regex: "^(\\.{1,2}/)+server(\\.ts)?(/|$)",
  message: "The web app never imports the server's process (server.ts, server/): it runs the app.",
};

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
    // No module reaches into a package's files by path (node_modules/..., a package's esm/ build):
    // packages are used through their public entry points (decision 118).
    files: ["**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": ["error", ...NO_PATHS_INTO_PACKAGES],
    },
  },
  {
    // The pages' side of the one form system (see ONE_FORM_SYSTEM); actions parse on the server.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/.server/**", "app/**/*.server.ts", "app/components/zod-form.ts"],
    rules: {
      "no-restricted-syntax": ["error", ...NO_PATHS_INTO_PACKAGES, ...ONE_FORM_SYSTEM],
    },
  },
  {
    // One UI layer (decision 118): the family pages use the project's own controls (~/ui); only the
    // staff and cashier pages, their components and the theme use Mantine. Pages read their own
    // area's texts, not the whole catalogue (decision 093).
    files: ["app/**/*.{ts,tsx}"],
    ignores: [
      "app/.server/**",
      "app/**/*.server.ts",
      "app/theme.ts",
      "app/routes/instructor.tsx",
      "app/routes/instructor.*.tsx",
      "app/routes/cart_.in-person.tsx",
      "app/components/staff/**",
      "app/components/fee-requests/**",
      "app/components/cashier/InPersonPage.tsx",
      "app/islands/CardReader.tsx",
      // The administration is a staff area with its own MantineProvider and Mantine's own
      // imports (decision 119); no family page imports from it (the page-weight test holds it).
      "app/routes/admin.tsx",
      "app/routes/admin.*.tsx",
      "app/components/admin/**",
      // The business office likewise (decision 123).
      "app/routes/office.tsx",
      "app/routes/office.*.tsx",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "@domain/messages", message: "Import t from @domain/messages/<area>." }],
          patterns: [
            {
              group: ["@mantine/*"],
              message: "Family pages use the project's controls: import them from ~/ui.",
            },
            { regex: "(^|/)messages(/index)?$", message: "Import t from messages/<area>." },
            NOT_THE_SERVER,
          ],
        },
      ],
    },
  },
  {
    // The staff modules may use Mantine (its public entry points), and still read their own
    // area's texts.
    files: [
      "app/routes/instructor.tsx",
      "app/routes/instructor.*.tsx",
      "app/routes/cart_.in-person.tsx",
      "app/components/staff/**/*.{ts,tsx}",
      "app/components/fee-requests/**/*.{ts,tsx}",
      "app/components/cashier/InPersonPage.tsx",
      "app/islands/CardReader.tsx",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "@domain/messages", message: "Import t from @domain/messages/<area>." }],
          patterns: [
            { regex: "(^|/)messages(/index)?$", message: "Import t from messages/<area>." },
            { regex: "^~/ui/", message: "Import the project's controls from ~/ui." },
            NOT_THE_SERVER,
          ],
        },
      ],
    },
  },
  {
    // The administration reads its own area's texts too, and only its pages use its components.
    files: [
      "app/routes/admin.tsx",
      "app/routes/admin.*.tsx",
      "app/components/admin/**",
      "app/routes/office.tsx",
      "app/routes/office.*.tsx",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "@domain/messages", message: "Import t from @domain/messages/<area>." }],
          patterns: [
            { regex: "(^|/)messages(/index)?$", message: "Import t from messages/<area>." },
            NOT_THE_SERVER,
          ],
        },
      ],
    },
  },
  {
    // The web app's server modules likewise (the pages are held to it above).
    files: ["app/.server/**", "app/**/*.server.ts", "app/theme.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [NOT_THE_SERVER] }],
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
    // Queries are the layer below the services: they read, and services may call them; a query
    // never imports a service (what both need lives in queries/, db/, errors.ts or domain/).
    files: ["district-api/queries/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/*", "**/app/*"], message: "The district API never imports the web app." },
            { group: ["**/http/*", "../http"], message: "Services do not import the HTTP layer." },
            {
              group: ["**/services/*", "**/services"],
              message: "Queries never import services: move what both need below them.",
            },
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
        ...NO_PATHS_INTO_PACKAGES,
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
          // Every /v1 call is one endpoint value served with serve() (decision 162): a route
          // registered by path would be undeclared, undocumented and unfuzzed.
          selector:
            "CallExpression[callee.property.name=/^(get|post|put|delete|patch|all)$/][arguments.0.value=/^\\//][arguments.1]",
          message:
            "Declare the call with endpoint() in domain/contract and register it with serve().",
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
