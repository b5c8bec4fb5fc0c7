import { EventEmitter } from "node:events";
import { and, inArray, isNotNull, sql } from "drizzle-orm";
import { GraphQLError } from "graphql";
import type { AppContext } from "../../context.ts";
import { events } from "../../db/schema/index.ts";
import { EVENT_TYPES, EVENTS_CHANNEL } from "../events/service.ts";

export type FeedEvent = { id: string; type: string; profileId: string; record: Record<string, unknown> };

/** The event types subscriptions deliver: connections made and synced, accounts made and verified, balances. */
export const FEED_TYPES = EVENT_TYPES.filter(
  (type) =>
    type.startsWith("connection.synced.") ||
    ["connection.created", "balance.created", "account.created", "account.verified"].includes(type),
);

/** Events are looked for this far back: a transaction that committed late is still seen. */
const WINDOW_SECONDS = 30;
/** Polling, when NOTIFY is not delivered (a broken LISTEN connection). */
const POLL_MS = 1_000;
/**
 * Live subscriptions one profile may hold in one process, over any number of sockets: each holds
 * a listener and a queue, so one client could otherwise open them without end.
 */
export const MAX_SUBSCRIPTIONS_PER_PROFILE = 50;

/**
 * Stored events, delivered to subscribers in this process as they commit, from any process: each
 * statement that inserts events NOTIFYs `weft_events` (a trigger, migration 0019). The feed only
 * listens while someone subscribes; each wake reads the recent window once for every subscriber.
 */
export class EventFeed {
  private readonly emitter = new EventEmitter();
  private subscribers = 0;
  private seen = new Set<string>();
  private unlisten: (() => Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private reading: Promise<void> | undefined;
  private readAgain = false;

  private readonly ctx: AppContext;

  constructor(ctx: AppContext) {
    this.ctx = ctx;
    this.emitter.setMaxListeners(0);
  }

  /** Refuses a subscription past the profile's limit (as one starts, and before it is run). */
  assertRoomFor(profileId: string): void {
    if (this.emitter.listenerCount(profileId) >= MAX_SUBSCRIPTIONS_PER_PROFILE) {
      throw new GraphQLError(
        `A profile may hold at most ${MAX_SUBSCRIPTIONS_PER_PROFILE} live subscriptions at once. End one (complete, or unsubscribe) before starting another.`,
        { extensions: { code: "TOO_MANY_SUBSCRIPTIONS" } },
      );
    }
  }

  /**
   * A profile's events of these types, from now on, as an async iterator that stops listening
   * the moment its consumer returns (GraphQL ends the subscription). `beforeEach` runs before an
   * event is handed over; what it throws (the subscriber's credential no longer holds) ends the
   * subscription with that error, and the event is not sent.
   */
  subscribe(
    profileId: string,
    types: readonly string[],
    beforeEach?: () => Promise<void>,
  ): AsyncIterableIterator<FeedEvent> {
    this.assertRoomFor(profileId);
    const queue: FeedEvent[] = [];
    let wake: (() => void) | undefined;
    let isDone = false;
    const listener = (event: FeedEvent) => {
      if (!types.includes(event.type)) return;
      queue.push(event);
      wake?.();
    };
    this.emitter.on(profileId, listener);
    const started = this.retain();
    const finish = async (): Promise<IteratorReturnResult<undefined>> => {
      if (!isDone) {
        isDone = true;
        this.emitter.off(profileId, listener);
        wake?.();
        await this.release();
      }
      return { value: undefined, done: true };
    };
    const iterator: AsyncIterableIterator<FeedEvent> = {
      async next() {
        await started;
        while (!isDone && queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        const value = queue.shift();
        if (!value) return { value: undefined, done: true };
        try {
          await beforeEach?.();
        } catch (error) {
          await finish();
          throw error;
        }
        return { value, done: false };
      },
      return: finish,
      async throw(error) {
        await finish();
        throw error;
      },
      [Symbol.asyncIterator]() {
        return iterator;
      },
    };
    return iterator;
  }

  /** Stop listening whatever the subscribers (the app is closing). */
  async close(): Promise<void> {
    this.subscribers = 0;
    await this.stop();
  }

  private async retain(): Promise<void> {
    this.subscribers++;
    if (this.subscribers > 1) return;
    // Whatever is already in the window is history, not news.
    this.seen = new Set((await this.recent()).map((e) => e.id));
    this.unlisten = await this.ctx.listen(EVENTS_CHANNEL, () => void this.read());
    this.timer = setInterval(() => void this.read(), POLL_MS);
    this.timer.unref();
  }

  private async release(): Promise<void> {
    this.subscribers = Math.max(0, this.subscribers - 1);
    if (this.subscribers === 0) await this.stop();
  }

  private async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    await unlisten?.();
  }

  private recent() {
    return this.ctx.db
      .select({ id: events.id, type: events.type, profileId: events.profileId, record: events.record })
      .from(events)
      .where(
        and(
          sql`${events.at} > now() - ${sql.raw(`interval '${WINDOW_SECONDS} seconds'`)}`,
          inArray(events.type, FEED_TYPES),
          isNotNull(events.profileId),
        ),
      )
      .orderBy(events.id);
  }

  /** One read at a time; a wake during a read reads once more after it. */
  private read(): Promise<void> {
    if (this.reading) {
      this.readAgain = true;
      return this.reading;
    }
    this.reading = (async () => {
      do {
        this.readAgain = false;
        if (this.subscribers === 0) return;
        const rows = await this.recent().catch((error: unknown) => {
          this.ctx.logger.warn({ err: error }, "the subscription feed could not read events");
          return undefined;
        });
        // Nothing read: what was seen stays seen, and the next wake tries again.
        if (!rows) return;
        const inWindow = new Set<string>();
        for (const row of rows) {
          inWindow.add(row.id);
          if (this.seen.has(row.id)) continue;
          this.emitter.emit(row.profileId!, { ...row, profileId: row.profileId! });
        }
        this.seen = inWindow;
      } while (this.readAgain);
    })().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }
}
