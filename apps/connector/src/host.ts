import { type ConnectorMessage, type InitMessage, isInitMessage, PROTOCOL_VERSION } from "@weft/sdk/protocol";

type Outgoing = Omit<ConnectorMessage, "weft">;

/**
 * Whether a page of `origin` may embed this Connector and hand it a session: an origin the
 * connector lists, or Weft's own pages; with none listed, also the developer's own machine
 * (loopback), never any other site — a page that could frame it could sign it in as its own
 * user and have a visitor link their bank there. The server's frame-ancestors says the same.
 */
export function mayEmbed(origin: string, allowedOrigins: string[] | null, ownOrigin: string): boolean {
  // An opaque origin ("null": a sandboxed frame, a data: URL) is nobody's, its own included.
  if (origin === "null") return false;
  if (origin === ownOrigin) return true;
  if (allowedOrigins) return allowedOrigins.includes(origin);
  try {
    const { protocol, hostname } = new URL(origin);
    return (
      (protocol === "http:" || protocol === "https:") &&
      (hostname === "localhost" || hostname === "127.0.0.1")
    );
  } catch {
    return false;
  }
}

/**
 * The page that embeds the Connector. Until Init arrives nothing but Ready is sent; afterwards
 * messages go only to the origin Init came from. Standalone (not in a frame), there is no host.
 */
export class Host {
  readonly isEmbedded: boolean;
  private origin: string | undefined;
  private readonly self: Window;

  /** `self` is the Connector's own window (tests pass an iframe's). */
  constructor(self: Window = window) {
    this.self = self;
    this.isEmbedded = self.parent !== self;
  }

  /** Announce Ready and wait for Init from the parent window (`mayEmbed`); undefined when standalone. */
  waitForInit(allowedOrigins: string[] | null): Promise<InitMessage | undefined> {
    if (!this.isEmbedded) return Promise.resolve(undefined);
    return new Promise((resolve, reject) => {
      const onMessage = (event: MessageEvent) => {
        if (event.source !== this.self.parent || !isInitMessage(event.data)) return;
        this.self.removeEventListener("message", onMessage);
        if (!mayEmbed(event.origin, allowedOrigins, this.self.location.origin)) {
          reject(new Error(`This connector may not be embedded by ${event.origin}`));
          return;
        }
        this.origin = event.origin;
        resolve(event.data);
      };
      this.self.addEventListener("message", onMessage);
      // Ready carries nothing, so it may go to any origin; the answer is checked above.
      this.self.parent.postMessage({ weft: PROTOCOL_VERSION, type: "Ready" }, "*");
    });
  }

  send(message: Outgoing): void {
    if (!this.isEmbedded || !this.origin) return;
    this.self.parent.postMessage({ weft: PROTOCOL_VERSION, ...message }, this.origin);
  }
}
