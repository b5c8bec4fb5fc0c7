import { afterEach, describe, expect, it, vi } from "vitest";
import { PROTOCOL_VERSION } from "./protocol.ts";
import { createQuilttSdk } from "./quiltt.ts";

const BASE = "https://weft.example.com";

function fromConnector(frame: HTMLIFrameElement, data: object) {
  window.dispatchEvent(
    new MessageEvent("message", {
      data: { weft: PROTOCOL_VERSION, ...data },
      origin: BASE,
      source: frame.contentWindow as Window,
    }),
  );
}

const frame = () => document.querySelector<HTMLIFrameElement>("iframe")!;

afterEach(() => {
  document.querySelectorAll("iframe").forEach((f) => {
    f.remove();
  });
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

describe("window.Quiltt (Quiltt's connector SDK over Weft's Connector)", () => {
  it("connect().open() shows the Connector with the authenticated session; events reach every listener", () => {
    const quiltt = createQuilttSdk(BASE);
    quiltt.authenticate("session-token");
    const sdkSuccess = vi.fn();
    quiltt.onExitSuccess(sdkSuccess);
    const onLoad = vi.fn();
    const onExit = vi.fn();
    const onEvent = vi.fn();
    const connector = quiltt.connect("ctr_1", { institution: "inst_9", onLoad });
    connector.onExit(onExit);
    connector.onEvent(onEvent);
    connector.open();
    expect(frame().src).toBe(`${BASE}/connector/ctr_1?mode=modal`);
    const post = vi.spyOn(frame().contentWindow!, "postMessage");
    fromConnector(frame(), { type: "Ready" });
    expect(post.mock.calls[0]![0]).toMatchObject({
      type: "Init",
      session: "session-token",
      institution: "inst_9",
    });
    fromConnector(frame(), { type: "Load" });
    const f = frame();
    fromConnector(f, { type: "ExitSuccess", profileId: "p_1", connectionId: "conn_1" });
    const metadata = { connectorId: "ctr_1", profileId: "p_1", connectionId: "conn_1" };
    expect(onLoad).toHaveBeenCalledOnce();
    expect(onExit).toHaveBeenCalledWith("exited.successful", metadata);
    expect(sdkSuccess).toHaveBeenCalledWith(metadata);
    expect(onEvent.mock.calls.map(([type]) => type)).toEqual(["opened", "loaded", "exited.successful"]);
  });

  it("off removes a listener; reconnect sends the connection; resetConnector closes it", () => {
    const quiltt = createQuilttSdk(BASE);
    const onOpen = vi.fn();
    quiltt.onOpen(onOpen);
    quiltt.offOpen(onOpen);
    const connector = quiltt.reconnect("ctr_2", { connectionId: "conn_7" });
    connector.open();
    const post = vi.spyOn(frame().contentWindow!, "postMessage");
    fromConnector(frame(), { type: "Ready" });
    expect(post.mock.calls[0]![0]).toMatchObject({ type: "Init", connectionId: "conn_7" });
    expect(onOpen).not.toHaveBeenCalled();
    quiltt.resetConnector("ctr_2");
    expect(document.querySelector("iframe")).toBeNull();
  });

  it("mounts the Connector inline in elements carrying quiltt-container, as they appear", async () => {
    createQuilttSdk(BASE);
    const element = document.createElement("div");
    element.setAttribute("quiltt-container", "ctr_3");
    document.body.appendChild(element);
    await new Promise((r) => setTimeout(r, 0));
    const inline = element.querySelector("iframe")!;
    expect(inline.src).toBe(`${BASE}/connector/ctr_3?mode=inline`);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });
});
