import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { useCliSandbox } from "./cli-runner.ts";
import { CLI, startOnFreePort, startProcess, waitFor } from "./processes.ts";

const cli = useCliSandbox("listen");

describe("weft webhooks listen", { timeout: 120_000 }, () => {
  it("subscribes a receiver of its own, prints and forwards each delivery unchanged, and unsubscribes on Ctrl+C", async () => {
    const server = await startOnFreePort(
      [CLI, "serve"],
      { ...cli.env(), WEFT_WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" },
      "Weft is running",
      60_000,
    );
    const weftUrl = `http://127.0.0.1:${server.port}`;
    const key = / secret {2,}(\S+)/.exec(server.output())![1]!;
    const api = (method: string, path: string, body?: unknown) =>
      fetch(`${weftUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    // The developer's app, which Weft cannot reach by itself here.
    const forwarded: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const app = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        forwarded.push({ headers: req.headers, body });
        res.writeHead(200).end("ok");
      });
    });
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
    const appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/hooks`;

    try {
      const listener = await startProcess(
        [CLI, "webhooks", "listen", "--forward-to", appUrl, "--events", "profile", "--url", weftUrl],
        { ...cli.env(), WEFT_KEY: key },
        "Listening for webhooks",
        60_000,
      );
      const subscriptionId = /subscription (wh_\w+)/.exec(listener.output())![1]!;
      const subscription = (await (
        await api("GET", `/v1/webhooks/subscriptions/${subscriptionId}`)
      ).json()) as {
        targetUrl: string;
      };
      expect(subscription.targetUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);

      const profile = (await (await api("POST", "/v1/profiles", {})).json()) as { id: string };
      await waitFor("the forwarded delivery", async () => (forwarded.length > 0 ? true : undefined));
      const [delivery] = forwarded;
      expect(delivery!.headers["webhook-id"]).toMatch(/^dlv_/);
      const events = (JSON.parse(delivery!.body) as { events: { type: string; record: { id: string } }[] })
        .events;
      expect(events[0]).toMatchObject({ type: "profile.created", record: { id: profile.id } });
      // Forwarded with its Standard Webhooks headers, so the app verifies it as it would in production.
      expect(delivery!.headers["webhook-signature"]).toMatch(/^v1,/);
      expect(delivery!.headers["webhook-timestamp"]).toMatch(/^\d+$/);
      await waitFor("the printed line", async () =>
        listener.output().includes(`--> profile.created evt_`) &&
        listener.output().includes(`[200] POST ${appUrl}`)
          ? true
          : undefined,
      );

      listener.child.kill("SIGINT");
      expect(await listener.stop()).toBe(0);
      expect((await api("GET", `/v1/webhooks/subscriptions/${subscriptionId}`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => app.close(resolve));
      await server.stop();
    }
  });

  it("says what to do when the server does not deliver to this machine, or has no key", async () => {
    const noKey = await cli.weft(["webhooks", "listen", "--url", "http://127.0.0.1:9"]);
    expect(noKey.code).toBe(64);
    expect(noKey.stderr).toContain("Missing --key (or WEFT_KEY)");
    const nobody = await cli.weft(["webhooks", "listen", "--url", "http://127.0.0.1:9"], {
      WEFT_KEY: "weft_sk_x",
    });
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toBe(
      "weft: No Weft answers at http://127.0.0.1:9: start it (npm start), or pass --url\n",
    );
  });
});
