import { defineConfig } from "vitest/config";
import { alias } from "./vitest.shared";

export default defineConfig({
  resolve: { alias },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    environment: "node",
    globalSetup: ["tests/support/compiled-messages-setup.ts"],
  },
});
