import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/**
 * `weft webhooks listen` (as `stripe listen`): for development, a temporary subscription to a
 * receiver in this process, which prints each delivery, checks its signature and forwards it —
 * body and Standard Webhooks headers unchanged — to a local app. It talks to a running Weft over
 * its API (the embedded database is the server's alone), so the server must allow loopback
 * targets (WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS=true). The subscription is deleted on Ctrl+C.
 */
export type ListenOptions = {
  /** The running Weft, e.g. http://127.0.0.1:3000. */
  weftUrl: string;
  apiKey: string;
  /** Where each delivery is forwarded; unset: printed only. */
  forwardTo?: string;
  eventTypes: string[];
  say: (line: string) => void;
};

export type Listener = { subscriptionId: string; port: number; stop(): Promise<void> };

export class ListenError extends Error {}

const FORWARDED_HEADERS = [
  "content-type",
  "webhook-id",
  "webhook-timestamp",
  "webhook-signature",
  "user-agent",
];

export async function listenForWebhooks(options: ListenOptions): Promise<Listener> {
  const api = async (method: string, path: string, body?: unknown) => {
    let res: Response;
    try {
      res = await fetch(`${options.weftUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          ...(body !== undefined && { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new ListenError(`No Weft answers at ${options.weftUrl}: start it (npm start), or pass --url`);
    }
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : {} };
  };

  let verifier: Webhook | undefined;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = Object.fromEntries(
        FORWARDED_HEADERS.flatMap((name) => {
          const value = req.headers[name];
          return typeof value === "string" ? [[name, value]] : [];
        }),
      );
      let line: string;
      try {
        const payload = verifier!.verify(body, headers) as { events: { id: string; type: string }[] };
        line = payload.events.map((e) => `${e.type} ${e.id}`).join(", ");
      } catch {
        line = "a delivery whose signature does not verify";
      }
      if (!options.forwardTo) {
        options.say(`--> ${line}`);
        res.writeHead(204).end();
        return;
      }
      try {
        const forwarded = await fetch(options.forwardTo, { method: "POST", headers, body });
        options.say(`--> ${line}  [${forwarded.status}] POST ${options.forwardTo}`);
        // The app's answer is Weft's answer: a failure there is retried as it would be in production.
        res.writeHead(forwarded.status).end(await forwarded.text());
      } catch (error) {
        options.say(`--> ${line}  [not delivered] ${options.forwardTo}: ${(error as Error).message}`);
        res.writeHead(502).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const created = await api("POST", "/v1/webhooks/subscriptions", {
    name: `weft webhooks listen (pid ${process.pid})`,
    targetUrl: `http://127.0.0.1:${port}/`,
    eventTypes: options.eventTypes,
  }).catch((error) => {
    server.close();
    throw error;
  });
  if (created.status !== 201) {
    server.close();
    const reason = JSON.stringify(created.body);
    if (created.status === 422 && reason.includes("targetUrl"))
      throw new ListenError(
        "This Weft does not deliver to this machine: start it with WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS=true",
      );
    throw new ListenError(`Could not subscribe (${created.status}): ${reason}`);
  }
  verifier = new Webhook(created.body.secret);
  const subscriptionId = created.body.id as string;
  return {
    subscriptionId,
    port,
    async stop() {
      await api("DELETE", `/v1/webhooks/subscriptions/${subscriptionId}`).catch(() => undefined);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
