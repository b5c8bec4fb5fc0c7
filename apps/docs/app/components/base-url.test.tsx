// @vitest-environment-options { "url": "http://weft.internal:8080/docs/api-reference/platform" }
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OpenApiDocument } from "@/lib/openapi.ts";
import { DEFAULT_BASE_URL } from "@/lib/site.ts";
import { ApiReference } from "./api-reference.tsx";
import { BaseUrl } from "./base-url.tsx";

const SERVED_FROM = "http://weft.internal:8080";

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const document_: OpenApiDocument = {
  openapi: "3.1.0",
  info: { title: "Weft Platform API", version: "2025-04-01" },
  servers: [{ url: DEFAULT_BASE_URL }],
  paths: {
    "/v1/profiles": { get: { operationId: "listProfiles", summary: "List profiles", responses: {} } },
  },
};

describe("the server's address in examples", () => {
  it("is the documented default when prerendered", () => {
    vi.stubEnv("DEV", false);
    expect(renderToString(<BaseUrl />)).toBe(DEFAULT_BASE_URL);
  });

  it("becomes the origin the page was served from once hydrated, without a hydration mismatch", async () => {
    vi.stubEnv("DEV", false);
    const errors = vi.spyOn(console, "error");
    const container = document.createElement("p");
    container.innerHTML = renderToString(<BaseUrl />);
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, <BaseUrl />);
    });
    expect(container.textContent).toBe(SERVED_FROM);
    expect(errors).not.toHaveBeenCalled();
    container.remove();
  });

  it("stays the default under the Vite dev server, which is not Weft", () => {
    vi.stubEnv("DEV", true);
    render(<BaseUrl />);
    expect(document.body.textContent).toBe(DEFAULT_BASE_URL);
  });

  it("is what the API reference names as its base URL and gives its @weft/sdk examples", () => {
    vi.stubEnv("DEV", false);
    render(<ApiReference api="platform" document={document_} />);
    expect(screen.getByTestId("base-url").textContent).toBe(SERVED_FROM);
    fireEvent.mouseDown(screen.getByRole("tab", { name: "@weft/sdk" }));
    expect(document.body.textContent).toContain(`createWeftClient({ baseUrl: "${SERVED_FROM}"`);
    expect(document.body.textContent).not.toContain(DEFAULT_BASE_URL);
  });
});
