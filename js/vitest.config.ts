import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "happy-dom",
    include: ["js/**/*.test.ts"],
    exclude: ["**/node_modules/**", "js/preview-dist/**"],
  },
});
