import {
  AuthAPI,
  gql,
  QuilttButton,
  QuilttProvider,
  useQuery,
  useQuilttSession,
  useSubscription,
} from "@quiltt/react";
import { useState } from "react";
import { createRoot } from "react-dom/client";

/**
 * An app written against Quiltt's React SDK, unchanged: built with QUILTT_API_DOMAIN pointing at
 * a Weft (auth., api. and cdn. names resolve to it). It signs in with a passcode, lists data
 * over GraphQL (Apollo's batch link), listens for connectionSynced (the ActionCable channel) and
 * opens the Connector through window.Quiltt.
 */
const params = new URLSearchParams(window.location.search);
const clientId = params.get("client") ?? "";

const DATA = gql`
  query AppData {
    profile { id }
    accounts { count nodes { id name } }
    transactions(first: 10) { count nodes { id amount } }
  }
`;
const SYNCED = gql`
  subscription OnSync {
    connectionSynced { id status }
  }
`;

function Data() {
  const { data, refetch } = useQuery<{
    profile: { id: string };
    accounts: { count: number };
    transactions: { count: number; nodes: unknown[] };
  }>(DATA);
  const [synced, setSynced] = useState<string[]>([]);
  useSubscription<{ connectionSynced: { id: string; status: string } }>(SYNCED, {
    onData: ({ data: event }) => {
      const connection = event.data?.connectionSynced;
      if (connection) setSynced((all) => [...all, `${connection.id} ${connection.status}`]);
      void refetch();
    },
  });
  const [events, setEvents] = useState<string[]>([]);
  return (
    <section>
      <p id="profile">{data?.profile.id ?? "loading"}</p>
      <p id="counts">
        {data ? `${data.accounts.count} accounts, ${data.transactions.nodes.length} transactions` : ""}
      </p>
      <p id="synced">{synced.join(",")}</p>
      <QuilttButton connectorId={clientId} onEvent={(type) => setEvents((all) => [...all, type])}>
        Add an account
      </QuilttButton>
      <p id="events">{events.join(",")}</p>
    </section>
  );
}

/**
 * Passcode sign-in with the SDK's AuthAPI, then importSession. (@quiltt/react 6.1.0's ESM build
 * ships three copies of its settings context, so useQuilttSession's identify/authenticate do not
 * see the provider's clientId — an upstream packaging bug, not something a server can answer.)
 */
function SignIn() {
  const { importSession } = useQuilttSession();
  const [state, setState] = useState("signed out");
  const signIn = async () => {
    const auth = new AuthAPI(clientId);
    const email = "quiltt-react@example.com";
    const identified = await auth.identify({ email });
    if (identified.status !== 202) return setState(`identify ${identified.status}`);
    const authenticated = await auth.authenticate({ email, passcode: "000000" });
    if (authenticated.status !== 201) return setState(`authenticate ${authenticated.status}`);
    await importSession((authenticated.data as { token: string }).token);
    setState("signed in");
  };
  return (
    <button type="button" onClick={signIn}>
      Sign in ({state})
    </button>
  );
}

function App() {
  const { session } = useQuilttSession();
  return session ? <Data /> : <SignIn />;
}

createRoot(document.getElementById("root")!).render(
  <QuilttProvider clientId={clientId}>
    <App />
  </QuilttProvider>,
);
