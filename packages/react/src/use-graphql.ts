import { useCallback, useContext, useEffect, useRef, useState } from "react";
import { WeftContext } from "./provider.tsx";

/**
 * The Data API from React, with the session `<WeftProvider>` holds: `useQuery`, `useMutation`
 * (POST /v1/graphql) and `useSubscription` (graphql-transport-ws on the same path). A 401 forgets
 * the session, as useSession does.
 */
export type GraphQLError = {
  message: string;
  path?: (string | number)[];
  extensions?: Record<string, unknown>;
};
export type GraphQLResult<T> = { data?: T | null; errors?: GraphQLError[] };
type Variables = Record<string, unknown>;

function useDataApi() {
  const context = useContext(WeftContext);
  if (!context) throw new Error("Weft's GraphQL hooks must be used inside <WeftProvider>");
  const { session, setSession, baseUrl } = context;
  const origin = (baseUrl ?? globalThis.location?.origin ?? "").replace(/\/+$/, "");
  const request = useCallback(
    async <T>(query: string, variables?: Variables): Promise<GraphQLResult<T>> => {
      if (!session) return { errors: [{ message: "No session: sign the end-user in first" }] };
      const response = await fetch(`${origin}/v1/graphql`, {
        method: "POST",
        headers: { authorization: `Bearer ${session}`, "content-type": "application/json" },
        body: JSON.stringify({ query, variables: variables ?? {} }),
      });
      if (response.status === 401) {
        setSession(null);
        return { errors: [{ message: "The session is no longer valid" }] };
      }
      return (await response.json()) as GraphQLResult<T>;
    },
    [origin, session, setSession],
  );
  return { origin, session, request };
}

export type UseQuery<T> = GraphQLResult<T> & { loading: boolean; refetch(): Promise<void> };

/** Runs the query when mounted and whenever it, its variables or the session change. */
export function useQuery<T = Record<string, unknown>>(
  query: string,
  options: { variables?: Variables; skip?: boolean } = {},
): UseQuery<T> {
  const { request } = useDataApi();
  const [result, setResult] = useState<GraphQLResult<T>>({});
  const [loading, setLoading] = useState(!options.skip);
  const variablesKey = JSON.stringify(options.variables ?? {});
  const run = useCallback(async () => {
    setLoading(true);
    try {
      setResult(await request<T>(query, JSON.parse(variablesKey) as Variables));
    } catch (error) {
      setResult({ errors: [{ message: (error as Error).message }] });
    } finally {
      setLoading(false);
    }
  }, [request, query, variablesKey]);
  useEffect(() => {
    if (!options.skip) void run();
  }, [run, options.skip]);
  return { ...result, loading, refetch: run };
}

/** A mutation to run on demand: `const [run, { loading }] = useMutation(MUTATION)`. */
export function useMutation<T = Record<string, unknown>>(
  mutation: string,
): [(variables?: Variables) => Promise<GraphQLResult<T>>, { loading: boolean }] {
  const { request } = useDataApi();
  const [loading, setLoading] = useState(false);
  const run = useCallback(
    async (variables?: Variables) => {
      setLoading(true);
      try {
        return await request<T>(mutation, variables);
      } finally {
        setLoading(false);
      }
    },
    [request, mutation],
  );
  return [run, { loading }];
}

/** Each event of a subscription as it comes (graphql-transport-ws); `data` is the latest. */
export function useSubscription<T = Record<string, unknown>>(
  subscription: string,
  options: { variables?: Variables; onData?: (data: T) => void } = {},
): GraphQLResult<T> {
  const { origin, session } = useDataApi();
  const [result, setResult] = useState<GraphQLResult<T>>({});
  const onData = useRef(options.onData);
  onData.current = options.onData;
  const variablesKey = JSON.stringify(options.variables ?? {});
  useEffect(() => {
    if (!session || typeof WebSocket === "undefined") return;
    const socket = new WebSocket(`${origin.replace(/^http/, "ws")}/v1/graphql`, "graphql-transport-ws");
    socket.onopen = () =>
      socket.send(JSON.stringify({ type: "connection_init", payload: { token: session } }));
    socket.onmessage = (message) => {
      const frame = JSON.parse(String(message.data)) as { type: string; payload?: unknown };
      if (frame.type === "connection_ack") {
        socket.send(
          JSON.stringify({
            id: "1",
            type: "subscribe",
            payload: { query: subscription, variables: JSON.parse(variablesKey) },
          }),
        );
      } else if (frame.type === "next") {
        const next = frame.payload as GraphQLResult<T>;
        setResult(next);
        if (next.data) onData.current?.(next.data);
      } else if (frame.type === "error" || frame.type === "connection_error") {
        setResult({
          errors: (Array.isArray(frame.payload) ? frame.payload : [frame.payload]) as GraphQLError[],
        });
      } else if (frame.type === "ping") {
        socket.send(JSON.stringify({ type: "pong" }));
      }
    };
    return () => socket.close();
  }, [origin, session, subscription, variablesKey]);
  return result;
}
