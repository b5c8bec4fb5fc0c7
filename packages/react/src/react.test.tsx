import { act, cleanup, fireEvent, render, renderHook, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ConnectorButton,
  ConnectorContainer,
  SESSION_STORAGE_KEY,
  useMutation,
  useQuery,
  useSession,
  WeftProvider,
} from "./index.ts";

const BASE = "https://weft.example.com";

/** An unsigned token with the given expiry: enough for the client-side expiry logic. */
const tokenExpiringIn = (ms: number) =>
  `e30.${btoa(JSON.stringify({ exp: Math.floor((Date.now() + ms) / 1000) })).replace(/=+$/, "")}.sig`;

const wrapper =
  (session?: string | null) =>
  ({ children }: { children: ReactNode }) => (
    <WeftProvider session={session} baseUrl={BASE}>
      {children}
    </WeftProvider>
  );

function fromConnector(data: object) {
  const frame = document.querySelector("iframe")!;
  window.dispatchEvent(
    new MessageEvent("message", { data: { weft: 1, ...data }, origin: BASE, source: frame.contentWindow }),
  );
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("useSession", () => {
  it("keeps the provider's token and stores it", () => {
    const token = tokenExpiringIn(3_600_000);
    const { result } = renderHook(() => useSession(), { wrapper: wrapper(token) });
    expect(result.current.session).toBe(token);
    expect(result.current.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBe(token);
  });

  it("restores a stored token, and drops an expired one", () => {
    const live = tokenExpiringIn(3_600_000);
    localStorage.setItem(SESSION_STORAGE_KEY, live);
    expect(renderHook(() => useSession(), { wrapper: wrapper() }).result.current.session).toBe(live);
    localStorage.setItem(SESSION_STORAGE_KEY, tokenExpiringIn(-1000));
    expect(renderHook(() => useSession(), { wrapper: wrapper() }).result.current.session).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it("drops the token when it expires", () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useSession(), { wrapper: wrapper(tokenExpiringIn(5_000)) });
    expect(result.current.session).not.toBeNull();
    act(() => vi.advanceTimersByTime(6_000));
    expect(result.current.session).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it("clears the token on a 401 and keeps it on a 200", async () => {
    const token = tokenExpiringIn(3_600_000);
    const fetchMock = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(new Response("{}", { status: 200 }));
    const { result } = renderHook(() => useSession(), { wrapper: wrapper(token) });
    expect(await act(() => result.current.validateSession())).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith(`${BASE}/v1/users/session`, {
      method: "GET",
      headers: { authorization: `Bearer ${token}` },
    });
    fetchMock.mockResolvedValueOnce(new Response("{}", { status: 401 }));
    expect(await act(() => result.current.validateSession())).toBe(false);
    expect(result.current.session).toBeNull();
  });

  it("revokeSession deletes the session upstream and forgets it", async () => {
    const fetchMock = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 204 }));
    const { result } = renderHook(() => useSession(), { wrapper: wrapper(tokenExpiringIn(3_600_000)) });
    await act(() => result.current.revokeSession());
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: "DELETE" });
    expect(result.current.session).toBeNull();
  });

  it("needs a provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => renderHook(() => useSession())).toThrow("useSession must be used inside <WeftProvider>");
  });
});

describe("<ConnectorButton>", () => {
  it("opens one modal launcher, survives re-renders with fresh callbacks, and cleans up on unmount", () => {
    const first = vi.fn();
    const second = vi.fn();
    const token = tokenExpiringIn(3_600_000);
    const ui = (onExitSuccess: () => void) => (
      <WeftProvider session={token} baseUrl={BASE}>
        <ConnectorButton connectorId="ctr_1" onExitSuccess={onExitSuccess}>
          Link a bank
        </ConnectorButton>
      </WeftProvider>
    );
    const { rerender, unmount } = render(ui(first));
    fireEvent.click(screen.getByRole("button", { name: "Link a bank" }));
    expect(document.querySelectorAll("iframe")).toHaveLength(1);
    const post = vi.spyOn(document.querySelector("iframe")!.contentWindow!, "postMessage");
    fromConnector({ type: "Ready" });
    expect(post.mock.calls[0]![0]).toMatchObject({ type: "Init", session: token, mode: "modal" });

    rerender(ui(second));
    fireEvent.click(screen.getByRole("button", { name: "Link a bank" }));
    expect(document.querySelectorAll("iframe")).toHaveLength(1);
    fromConnector({ type: "ExitSuccess", connectionId: "conn_1", profileId: "p_1" });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith({ connectorId: "ctr_1", profileId: "p_1", connectionId: "conn_1" });
    expect(document.querySelector("iframe")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Link a bank" }));
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
    unmount();
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });
});

describe("<ConnectorContainer>", () => {
  it("renders the Connector inline in its element and removes it on unmount", () => {
    const onEvent = vi.fn();
    const { container, unmount } = render(
      <WeftProvider baseUrl={BASE}>
        <ConnectorContainer connectorId="ctr_9" style={{ height: 600 }} onEvent={onEvent} />
      </WeftProvider>,
    );
    const host = container.querySelector('[data-weft-container="ctr_9"]')!;
    const frame = host.querySelector("iframe")!;
    expect(frame.src).toBe(`${BASE}/connector/ctr_9?mode=inline`);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(onEvent).toHaveBeenCalledWith("opened", {
      connectorId: "ctr_9",
      profileId: null,
      connectionId: null,
    });
    unmount();
    expect(document.querySelector("iframe")).toBeNull();
    expect(onEvent).toHaveBeenLastCalledWith(
      "exited.aborted",
      expect.objectContaining({ connectorId: "ctr_9" }),
    );
  });
});

describe("the Data API hooks", () => {
  const live = tokenExpiringIn(60_000);
  const answer = (body: object, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

  it("useQuery posts the query with the session and gives its data; refetch asks again", async () => {
    const fetchMock = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(answer({ data: { accounts: { count: 2 } } }));
    const { result } = renderHook(
      () =>
        useQuery<{ accounts: { count: number } }>(
          "query($k: AccountKind) { accounts(filter: {kind: $k}) { count } }",
          { variables: { k: "DEPOSITORY" } },
        ),
      { wrapper: wrapper(live) },
    );
    expect(result.current.loading).toBe(true);
    await vi.waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.data).toEqual({ accounts: { count: 2 } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`${BASE}/v1/graphql`);
    expect(init).toMatchObject({ method: "POST", headers: { authorization: `Bearer ${live}` } });
    expect(JSON.parse(String(init!.body))).toEqual({
      query: "query($k: AccountKind) { accounts(filter: {kind: $k}) { count } }",
      variables: { k: "DEPOSITORY" },
    });
    await act(() => result.current.refetch());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("useMutation runs on demand; a 401 forgets the session", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(answer({ message: "revoked" }, 401));
    const { result } = renderHook(
      () => ({
        mutation: useMutation("mutation { profileUpdate(input: {}) { success } }"),
        session: useSession(),
      }),
      { wrapper: wrapper(live) },
    );
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.mutation[0]();
    });
    expect(outcome).toEqual({ errors: [{ message: "The session is no longer valid" }] });
    expect(result.current.session.session).toBeNull();
  });
});
