import { type ConnectorMessage, type InitMessage, isInitMessage, PROTOCOL_VERSION } from "@weft/sdk/protocol";

type Outgoing = Omit<ConnectorMessage, "weft">;

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

  /** Announce Ready and wait for Init from the parent window; undefined when standalone. */
  waitForInit(allowedOrigins: string[] | null): Promise<InitMessage | undefined> {
    if (!this.isEmbedded) return Promise.resolve(undefined);
    return new Promise((resolve, reject) => {
      const onMessage = (event: MessageEvent) => {
        if (event.source !== this.self.parent || !isInitMessage(event.data)) return;
        this.self.removeEventListener("message", onMessage);
        if (allowedOrigins && !allowedOrigins.includes(event.origin)) {
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
