import "reflect-metadata";
import https from "node:https";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";
import * as x509 from "@peculiar/x509";

/** A throwaway certificate authority and a server certificate it signed, made fresh per test run. */
export type TestTls = { caPem: string; certPem: string; keyPem: string };

const ALGORITHM = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" } as const;

export async function createTestTls(
  dnsNames: string[] = ["localhost", "receiver.weft.test"],
  ipAddresses: string[] = ["127.0.0.1", "::1"],
): Promise<TestTls> {
  const { subtle } = globalThis.crypto;
  x509.cryptoProvider.set(globalThis.crypto);
  const notBefore = new Date(Date.now() - 60_000);
  const notAfter = new Date(Date.now() + 24 * 3_600_000);
  const caKeys = await subtle.generateKey(ALGORITHM, true, ["sign", "verify"]);
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: "01",
    name: "CN=Weft throwaway test CA",
    notBefore,
    notAfter,
    keys: caKeys,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  const serverKeys = await subtle.generateKey(ALGORITHM, true, ["sign", "verify"]);
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: "02",
    subject: `CN=${dnsNames[0] ?? "localhost"}`,
    issuer: ca.subject,
    notBefore,
    notAfter,
    signingKey: caKeys.privateKey,
    publicKey: serverKeys.publicKey,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.SubjectAlternativeNameExtension([
        ...dnsNames.map((value) => ({ type: "dns" as const, value })),
        ...ipAddresses.map((value) => ({ type: "ip" as const, value })),
      ]),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
    ],
  });
  const pkcs8 = await subtle.exportKey("pkcs8", serverKeys.privateKey);
  return {
    caPem: ca.toString("pem"),
    certPem: cert.toString("pem"),
    keyPem: x509.PemConverter.encode(pkcs8, "PRIVATE KEY"),
  };
}

export type ReceivedRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The TLS SNI name the client sent. */
  servername: string | undefined;
  receivedAt: number;
};

export type Reply = {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Answer after this long. */
  delayMs?: number;
  /** Never answer (until the receiver closes). */
  hang?: boolean;
};

export type Responder = (request: ReceivedRequest, index: number) => Reply | Promise<Reply>;

export type Receiver = {
  port: number;
  /** https://<host>:<port><path> */
  url(path?: string, host?: string): string;
  requests: ReceivedRequest[];
  /** TLS connections clients have opened to it so far. */
  connections(): number;
  /** Requests being handled right now, and the most there ever were at once. */
  inFlight(): number;
  maxInFlight(): number;
  respondWith(responder: Responder): void;
  /** Resolves once `count` requests have arrived. */
  waitForRequests(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

/** A real HTTPS server on 127.0.0.1 that records every request and answers as told (200 by default). */
export async function startReceiver(
  tls: TestTls,
  responder: Responder = () => ({ status: 200 }),
): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  let respond = responder;
  let inFlight = 0;
  let maxInFlight = 0;
  const waiters: (() => void)[] = [];
  const server = https.createServer({ key: tls.keyPem, cert: tls.certPem }, (req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      inFlight--;
    };
    res.on("close", done);
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const received: ReceivedRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]),
        ),
        body: Buffer.concat(chunks).toString("utf8"),
        servername: (req.socket as TLSSocket).servername || undefined,
        receivedAt: Date.now(),
      };
      requests.push(received);
      for (const wake of waiters.splice(0)) wake();
      const reply = await respond(received, requests.length - 1);
      if (reply.hang) return;
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      if (res.destroyed) return;
      res.writeHead(reply.status, { "content-type": "text/plain", ...reply.headers });
      res.end(reply.body ?? "");
    });
  });
  let connections = 0;
  server.on("secureConnection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path = "/webhooks", host = "receiver.weft.test") => `https://${host}:${port}${path}`,
    requests,
    connections: () => connections,
    inFlight: () => inFlight,
    maxInFlight: () => maxInFlight,
    respondWith(next) {
      respond = next;
    },
    async waitForRequests(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`Expected ${count} webhook requests, got ${requests.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 250));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
