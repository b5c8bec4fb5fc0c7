#!/usr/bin/env node
/**
 * The weft command. It is JavaScript so that Node's compile cache (modules compiled, TypeScript
 * already stripped, kept in the OS's temp dir) is on before the first TypeScript module loads:
 * with a warm cache a command never loads Node's type stripper, about 0.1 s of its CPU.
 */
import module from "node:module";

module.enableCompileCache?.();
const { runCli } = await import("../src/cli.ts");
const code = await runCli(process.argv.slice(2));
if (code >= 0) process.exit(code);
