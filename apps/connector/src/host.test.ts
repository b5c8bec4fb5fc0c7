import { afterEach, describe, expect, it, vi } from "vitest";
import { Host, mayEmbed } from "./host.ts";

/** A page on the developer's machine: what a connector that lists no origins may be embedded by. */
const HOST_ORIGIN = "http://localhost:5173";

/** The Connector's window: an iframe's, whose parent plays the host page. */
function embeddedWindow(): Window {
  const frame = document.createElement("iframe");
  document.body.appendChild(frame);
  return frame.contentWindow!;
}

const init = { weft: 1, type: "Init", session: "tok", mode: "modal" };
const fromParent = (
  connector: Window,
  data: object,
  origin = HOST_ORIGIN,
  source: Window = connector.parent,
) => connector.dispatchEvent(new MessageEvent("message", { data, origin, source }));

afterEach(() => {
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

describe("the Connector's side of the host protocol", () => {
  it("standalone (not in a frame), there is no host and nothing is posted", async () => {
    const host = new Host(window);
    expect(host.isEmbedded).toBe(false);
    expect(await host.waitForInit(null)).toBeUndefined();
  });

  it("announces Ready, takes Init only from its parent, then posts only to the origin Init came from", async () => {
    const connector = embeddedWindow();
    const posted = vi.spyOn(connector.parent, "postMessage");
    const host = new Host(connector);
    expect(host.isEmbedded).toBe(true);
    const waiting = host.waitForInit(null);
    expect(posted).toHaveBeenCalledWith({ weft: 1, type: "Ready" }, "*");

    // Another window's Init (a sibling frame, say) is ignored, whatever it claims.
    fromParent(connector, { ...init, session: "forged" }, "https://evil.example.com", connector);
    fromParent(connector, init);
    expect(await waiting).toEqual(init);

    host.send({ type: "Load", profileId: "p_1" });
    expect(posted).toHaveBeenLastCalledWith({ weft: 1, type: "Load", profileId: "p_1" }, HOST_ORIGIN);
  });

  it("with no origins listed, refuses any site but Weft's own pages and the developer's machine, and sends it nothing", async () => {
    for (const origin of ["https://evil.example.com", "http://localhost.evil.example.com", "null"]) {
      const connector = embeddedWindow();
      const posted = vi.spyOn(connector.parent, "postMessage");
      const host = new Host(connector);
      const waiting = host.waitForInit(null);
      fromParent(connector, init, origin);
      await expect(waiting, origin).rejects.toThrow(`This connector may not be embedded by ${origin}`);
      host.send({ type: "Load" });
      expect(posted, origin).toHaveBeenCalledTimes(1); // Ready only
      vi.restoreAllMocks();
    }
    for (const origin of ["http://127.0.0.1:8080", "https://localhost:3443"]) {
      const connector = embeddedWindow();
      const waiting = new Host(connector).waitForInit(null);
      fromParent(connector, init, origin);
      expect(await waiting, origin).toEqual(init);
    }
  });

  it("Weft's own pages may always embed it (the docs' demo), an opaque origin never", () => {
    const weft = "https://weft.example.com";
    expect(mayEmbed(weft, null, weft)).toBe(true);
    expect(mayEmbed(weft, ["https://app.example.com"], weft)).toBe(true);
    expect(mayEmbed("https://app.example.com", ["https://app.example.com"], weft)).toBe(true);
    expect(mayEmbed("http://localhost:5173", ["https://app.example.com"], weft)).toBe(false);
    expect(mayEmbed("null", null, "null")).toBe(false);
  });

  it("refuses a host page whose origin the connector does not allow, and sends it nothing", async () => {
    const connector = embeddedWindow();
    const posted = vi.spyOn(connector.parent, "postMessage");
    const host = new Host(connector);
    const waiting = host.waitForInit(["https://other.example.com"]);
    fromParent(connector, init);
    await expect(waiting).rejects.toThrow(`This connector may not be embedded by ${HOST_ORIGIN}`);
    host.send({ type: "Load" });
    expect(posted).toHaveBeenCalledTimes(1); // Ready only
  });
});
