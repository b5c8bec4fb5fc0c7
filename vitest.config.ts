import { defineConfig } from "vitest/config";

/**
 * The whole suite runs on PGlite; when TEST_DATABASE_URL is set (CI sets it) it runs again
 * on that PostgreSQL server as a second project. Each test file gets a database of its own.
 */
const include = ["apps/*/src/**/*.test.ts", "apps/*/test/**/*.test.ts", "packages/*/src/**/*.test.ts"];
const drivers = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])];

export default defineConfig({
  test: {
    projects: drivers.map((driver) => ({
      test: {
        name: driver,
        include,
        env: { WEFT_TEST_DRIVER: driver },
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    })),
  },
});
