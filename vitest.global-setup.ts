import { buildIfStale, CONNECTOR_APP } from "./apps/server/src/http/static-apps.ts";
import { chromiumExecutable } from "./apps/server/test/chromium.ts";

/**
 * Runs once before every project: the browser journeys of the Connector and of the docs site
 * both serve the Connector's build, and two projects building it at once would race. Chromium is
 * resolved here for the same reason: the bundled build is unpacked once, before any test file
 * could start unpacking it too.
 */
export default async function setup(): Promise<void> {
  if (!(await buildIfStale(CONNECTOR_APP, (message) => console.info(message)))) {
    throw new Error("The Connector app did not build: run npm run build -w @weft/connector to see why");
  }
  await chromiumExecutable();
}
