/** What the CLI's entry and its commands share; loads nothing else, so `weft --help` is instant. */

/** The command as the user runs it: through npm (`npm run weft --`), or the installed bin (`weft`). */
export const WEFT = process.env.npm_lifecycle_event === "weft" ? "npm run weft --" : "weft";

/** A mistake in how a command was called: one line on stderr, exit code 64. */
export class UsageError extends Error {}

export type Output = { json: Record<string, unknown>; text: string };
