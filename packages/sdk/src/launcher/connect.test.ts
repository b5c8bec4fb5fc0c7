import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type ConnectOptions,
  type ConnectorEventName,
  type ConnectorHandle,
  connect as realConnect,
} from "./connect.ts";
import { PROTOCOL_VERSION } from "./protocol.ts";

const BASE = "https://weft.example.com";

function fromConnector(
  frame: HTMLIFrameElement,
  data: object,
  origin = BASE,
  source: unknown = frame.contentWindow,
) {
  window.dispatchEvent(
    new MessageEvent("message", {
      data: { weft: PROTOCOL_VERSION, ...data },
      origin,
      source: source as Window,
    }),
  );
}

const frameOf = (connectorId = "ctr_1") =>
  document.querySelector<HTMLIFrameElement>(`iframe[data-weft-connector="${connectorId}"]`)!;

function recorder() {
  const events: [ConnectorEventName, object][] = [];
  return {
    events,
    onEvent: (type: ConnectorEventName, metadata: object) => events.push([type, { ...metadata }]),
  };
}

const opened: ConnectorHandle[] = [];
const connect = (connectorId: string, options: ConnectOptions) => {
  const handle = realConnect(connectorId, options);
  opened.push(handle);
  return handle;
};

afterEach(() => {
  for (const handle of opened.splice(0)) handle.close();
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

describe("connect()", () => {
  it("opens a modal dialog with the Connector's URL, never the token, and emits opened", () => {
    const { events, onEvent } = recorder();
    const handle = connect("ctr_1", { baseUrl: BASE, session: "secret-token", onEvent });
    handle.open();
    const frame = frameOf();
    expect(frame.src).toBe(`${BASE}/connector/ctr_1?mode=modal`);
    expect(frame.src).not.toContain("secret-token");
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(dialog.contains(frame)).toBe(true);
    expect(handle.isOpen).toBe(true);
    expect(events).toEqual([["opened", { connectorId: "ctr_1", profileId: null, connectionId: null }]]);
  });

  it("answers Ready with Init, posted only to the Connector's origin", () => {
    connect("ctr_1", { baseUrl: BASE, session: "tok", institution: "inst_9", connectionId: "conn_3" }).open();
    const frame = frameOf();
    const post = vi.spyOn(frame.contentWindow!, "postMessage");
    fromConnector(frame, { type: "Ready" });
    expect(post).toHaveBeenCalledWith(
      { weft: 1, type: "Init", session: "tok", institution: "inst_9", connectionId: "conn_3", mode: "modal" },
      BASE,
    );
  });

  it("sends the host's theme in Init", () => {
    connect("ctr_1", { baseUrl: BASE, theme: "dark" }).open();
    const frame = frameOf();
    const post = vi.spyOn(frame.contentWindow!, "postMessage");
    fromConnector(frame, { type: "Ready" });
    expect(post).toHaveBeenCalledWith(expect.objectContaining({ type: "Init", theme: "dark" }), BASE);
  });

  it("makes the rest of the page inert while the modal is open, and gives focus back to the opener on close", () => {
    const app = document.body.appendChild(document.createElement("div"));
    const button = app.appendChild(document.createElement("button"));
    const alreadyInert = document.body.appendChild(document.createElement("aside"));
    alreadyInert.inert = true;
    button.focus();
    const handle = connect("ctr_1", { baseUrl: BASE });
    handle.open();
    expect(app.inert).toBe(true);
    expect(document.querySelector<HTMLElement>("[data-weft-overlay]")!.inert).toBeFalsy();
    handle.close();
    expect(app.inert).toBe(false);
    expect(alreadyInert.inert).toBe(true);
    expect(document.activeElement).toBe(button);
  });

  it("ignores messages from another origin or another window", () => {
    const { events, onEvent } = recorder();
    connect("ctr_1", { baseUrl: BASE, onEvent }).open();
    const frame = frameOf();
    const post = vi.spyOn(frame.contentWindow!, "postMessage");
    fromConnector(frame, { type: "Ready" }, "https://evil.example.com");
    fromConnector(frame, { type: "Load" }, "https://evil.example.com");
    fromConnector(frame, { type: "ExitSuccess", connectionId: "conn_x" }, BASE, window);
    window.dispatchEvent(
      new MessageEvent("message", { data: { type: "Load" }, origin: BASE, source: frame.contentWindow }),
    );
    expect(frame.contentWindow).not.toBeNull();
    expect(post).not.toHaveBeenCalled();
    expect(events.map(([type]) => type)).toEqual(["opened"]);
    expect(frameOf()).toBeTruthy();
  });

  it("maps Connector events to public names with metadata, and closes on exit", () => {
    const { events, onEvent } = recorder();
    const onLoad = vi.fn();
    const onExitSuccess = vi.fn();
    const handle = connect("ctr_1", { baseUrl: BASE, onEvent, onLoad, onExitSuccess });
    handle.open();
    const frame = frameOf();
    fromConnector(frame, { type: "Load" });
    fromConnector(frame, { type: "ExitSuccess", profileId: "p_1", connectionId: "conn_1" });
    expect(events).toEqual([
      ["opened", { connectorId: "ctr_1", profileId: null, connectionId: null }],
      ["loaded", { connectorId: "ctr_1", profileId: null, connectionId: null }],
      ["exited.successful", { connectorId: "ctr_1", profileId: "p_1", connectionId: "conn_1" }],
    ]);
    expect(onLoad).toHaveBeenCalledOnce();
    expect(onExitSuccess).toHaveBeenCalledWith({
      connectorId: "ctr_1",
      profileId: "p_1",
      connectionId: "conn_1",
    });
    expect(document.querySelector("iframe")).toBeNull();
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(handle.isOpen).toBe(false);
    // Late messages from the closed Connector change nothing.
    fromConnector(frame, { type: "ExitError", error: { message: "late" } });
    expect(events).toHaveLength(3);
  });

  it("reports ExitError with the error, and ExitAbort", () => {
    const { events, onEvent } = recorder();
    const onExitError = vi.fn();
    const onExitAbort = vi.fn();
    const first = connect("ctr_1", { baseUrl: BASE, onEvent, onExitError, onExitAbort });
    first.open();
    fromConnector(frameOf(), {
      type: "ExitError",
      profileId: "p_1",
      error: { message: "Bank is down", code: "ERROR_INSTITUTION" },
    });
    expect(onExitError).toHaveBeenCalledWith({
      connectorId: "ctr_1",
      profileId: "p_1",
      connectionId: null,
      error: { message: "Bank is down", code: "ERROR_INSTITUTION" },
    });
    first.open();
    fromConnector(frameOf(), { type: "ExitAbort" });
    expect(onExitAbort).toHaveBeenCalledOnce();
    expect(events.map(([t]) => t)).toEqual(["opened", "exited.errored", "opened", "exited.aborted"]);
  });

  it("Escape and close() exit with exited.aborted", () => {
    const { events, onEvent } = recorder();
    const handle = connect("ctr_1", { baseUrl: BASE, onEvent });
    handle.open();
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    expect(document.querySelector("iframe")).toBeNull();
    handle.open();
    handle.close();
    handle.close();
    expect(events.map(([t]) => t)).toEqual(["opened", "exited.aborted", "opened", "exited.aborted"]);
  });

  it("shows one modal at a time: opening another closes the first", () => {
    const a = recorder();
    const b = recorder();
    connect("ctr_a", { baseUrl: BASE, onEvent: a.onEvent }).open();
    connect("ctr_b", { baseUrl: BASE, onEvent: b.onEvent }).open();
    expect(document.querySelectorAll('[role="dialog"]')).toHaveLength(1);
    expect(frameOf("ctr_b")).toBeTruthy();
    expect(a.events.map(([t]) => t)).toEqual(["opened", "exited.aborted"]);
    const same = connect("ctr_c", { baseUrl: BASE });
    same.open();
    same.open();
    expect(document.querySelectorAll("iframe")).toHaveLength(1);
  });

  it("renders inline in a container, without an overlay, and says so in Init", () => {
    const container = document.createElement("div");
    document.body.appendChild(container);
    connect("ctr_1", { baseUrl: BASE, container }).open();
    const frame = container.querySelector("iframe")!;
    expect(frame.src).toBe(`${BASE}/connector/ctr_1?mode=inline`);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    const post = vi.spyOn(frame.contentWindow!, "postMessage");
    fromConnector(frame, { type: "Ready" });
    expect(post.mock.calls[0]![0]).toMatchObject({ type: "Init", mode: "inline" });
  });

  it("opens Navigate links in a new window, only http(s)", () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    connect("ctr_1", { baseUrl: BASE }).open();
    fromConnector(frameOf(), { type: "Navigate", url: "https://bank.example.com/help" });
    fromConnector(frameOf(), { type: "Navigate", url: "javascript:alert(1)" });
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith("https://bank.example.com/help", "_blank", "noopener,noreferrer");
  });
});
