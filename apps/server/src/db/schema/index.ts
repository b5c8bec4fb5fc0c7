export * from "./api-keys.ts";
export * from "./environments.ts";
export * from "./events.ts";
export * from "./jobs.ts";
export * from "./profiles.ts";
export * from "./sessions.ts";
export * from "./webhooks.ts";
