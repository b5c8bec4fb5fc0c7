import { afterEach, describe, expect, it, vi } from "vitest";
import { Host } from "./host.ts";

const HOST_ORIGIN = "https://app.example.com";

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
