import fs from "node:fs";
import module from "node:module";
import { fileURLToPath } from "node:url";

/**
 * Loads drizzle-orm from its CommonJS build. Node 22–26 resolve each file of an ESM package by
 * re-reading its package.json scope, and drizzle-orm's package.json holds a 179 kB exports map:
 * importing drizzle-orm/pg-core costs about a second of CPU as ESM and under 0.1 s as CommonJS
 * (measured here). One resolve hook sends every drizzle-orm file, whoever imports it (our code,
 * its drivers, its migrator), to the .cjs twin the package ships, so one copy is loaded.
 * Called by the CLI before it loads anything that touches the database.
 */
export function loadDrizzleAsCommonJs(): void {
  if (typeof module.registerHooks !== "function") return;
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const result = nextResolve(specifier, context);
      if (!result.url.includes("/node_modules/drizzle-orm/") || !result.url.endsWith(".js")) return result;
      const twin = `${result.url.slice(0, -3)}.cjs`;
      return fs.existsSync(fileURLToPath(twin)) ? { ...result, url: twin, format: "commonjs" } : result;
    },
  });
}
