import fs from "node:fs";
import module from "node:module";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";

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
  // Our modules import drizzle-orm by the same few specifiers from dozens of files, and each
  // resolve parses that exports map again (0.18 s of a CLI command): each is resolved once.
  const ours = new Map<string, module.ResolveFnOutput>();
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const own =
        specifier.startsWith("drizzle-orm") && !context.parentURL?.includes("/node_modules/")
          ? `${specifier} ${context.conditions.join()}`
          : undefined;
      const known = own && ours.get(own);
      if (known) return { ...known, shortCircuit: true };
      let result = nextResolve(specifier, context);
      if (result.url.includes("/node_modules/drizzle-orm/") && result.url.endsWith(".js")) {
        const twin = `${result.url.slice(0, -3)}.cjs`;
        if (fs.existsSync(fileURLToPath(twin))) result = { ...result, url: twin, format: "commonjs" };
      }
      if (own) ours.set(own, result);
      return result;
    },
  });
}

/**
 * For a process that runs a few statements and exits (a CLI command). V8 compiles PGlite's
 * WebAssembly with its baseline compiler first and recompiles the hottest functions with its
 * optimising one in the background: work a short run never uses, which the process then waits
 * for at exit (1.7 s of a 2.4 s PGlite start and stop, and 450 MB, measured here). A tiering
 * budget no function reaches skips it.
 */
export function skipWasmTierUp(): void {
  v8.setFlagsFromString("--wasm-tiering-budget=2000000000");
}
