import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Server tests run on PGlite, and again on PostgreSQL as a second project when
 * TEST_DATABASE_URL is set (CI sets it); each test file gets a database of its own.
 * Front-end packages run once, in a simulated DOM.
 */
const serverTests = [
  "apps/server/src/**/*.test.ts",
  "apps/server/test/**/*.test.ts",
  "packages/sdk/scripts/**/*.test.ts",
];
const drivers = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])];

/**
 * graphql ships CommonJS and ESM builds; Node (and so mercurius and Pothos) loads the CommonJS
 * one, and one realm must hold every GraphQL type: every project that runs the server loads the same.
 */
const oneGraphQL = {
  alias: { graphql: fileURLToPath(new URL("./node_modules/graphql/index.js", import.meta.url)) },
};

export default defineConfig({
  test: {
    globalSetup: ["./vitest.global-setup.ts"],
    projects: [
      ...drivers.map((driver) => ({
        resolve: oneGraphQL,
        test: {
          name: driver,
          include: serverTests,
          exclude: ["**/*.browser.test.ts", "**/node_modules/**"],
          env: { WEFT_TEST_DRIVER: driver },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
      {
        resolve: oneGraphQL,
        test: {
          // Real browser journeys: Chromium against the server on a real socket (PGlite); Chromium
          // comes from apps/server/test/chromium.ts (the machine's, else the npm package's).
          name: "browser",
          include: ["apps/connector/test/**/*.browser.test.ts", "apps/server/test/**/*.browser.test.ts"],
          env: { WEFT_TEST_DRIVER: "pglite" },
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
      {
        // The docs site's components, in a simulated DOM; "@/" is apps/docs/app as in the site.
        resolve: { alias: { "@/": fileURLToPath(new URL("./apps/docs/app/", import.meta.url)) } },
        test: { name: "docs", include: ["apps/docs/app/**/*.test.{ts,tsx}"], environment: "jsdom" },
      },
      {
        // The built docs site in Chromium (builds it first); slow, so generous time limits.
        resolve: oneGraphQL,
        test: {
          name: "docs-browser",
          include: ["apps/docs/test/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: "web",
          include: ["packages/*/src/**/*.test.{ts,tsx}", "apps/connector/src/**/*.test.{ts,tsx}"],
          // jsdom gives every iframe its own window without loading its page, so tests can play the Connector.
          environment: "jsdom",
        },
      },
    ],
  },
});
