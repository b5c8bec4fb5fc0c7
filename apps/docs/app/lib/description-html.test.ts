import { expect, describe as group, it } from "vitest";
import { describe } from "./description-html.server.ts";

group("a description's blocks", () => {
  it("are its prose as HTML and its fenced code as text, in order", () => {
    const markdown = [
      "Each event is POSTed as `JSON`:",
      "",
      "```json",
      '{"type": "profile.created",',
      ' "events": []}',
      "```",
      "",
      "Verify it with any library.",
    ].join("\n");
    expect(describe(markdown)).toEqual([
      { html: "<p>Each event is POSTed as <code>JSON</code>:</p>\n" },
      { code: '{"type": "profile.created",\n "events": []}' },
      { html: "<p>Verify it with any library.</p>" },
    ]);
  });

  it("are one HTML block when there is no code", () => {
    expect(describe("Newest first, paginated.")).toEqual([{ html: "<p>Newest first, paginated.</p>" }]);
  });
});
