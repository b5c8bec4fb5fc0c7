import { MockProvider } from "./mock/provider.ts";
import type { DataProvider, ProviderName } from "./types.ts";

const mock = new MockProvider();

/** The provider behind a connection. Only the sandbox provider ships so far. */
export function providerFor(name: ProviderName | "DISCONNECTED"): DataProvider {
  if (name === "MOCK") return mock;
  throw new Error(`Provider ${name} is not available in this deployment`);
}
