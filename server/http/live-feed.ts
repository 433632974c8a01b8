// The live-updates feed of one instance (GET /admin/events, routes/events.ts): while at least one
// console listens, one poller reads what changed in the database (services/live-changes.ts) and fans
// it out to this instance's streams as server-sent events. Every instance polls the shared database
// itself, so a change made through any instance reaches every console; with nobody listening nothing runs.
// Each stream holds a socket, a file handle and its buffers until it ends: an instance holds a bounded
// number, and one session a few of them (a console open in several tabs).
import { LIVE_EVENTS, type DisputesEvent, type SettlementEvent } from "../../contract/index.ts";
import { openDisputes, SettlementWatch } from "../services/live-changes.ts";
import type { ServiceContext } from "../services/ports.ts";
import { tooManyRequests } from "./errors.ts";

/** What a refused stream is told to wait: a place frees when a console tab closes, not on a clock. */
export const STREAM_RETRY_AFTER_SECONDS = 30;

/** One console's stream. */
export interface LiveClient {
  /** The session it belongs to (its row's id). */
  session: string;
  /** Writes raw SSE text to the stream. */
  write(chunk: string): void;
  /** Whether its session still holds (not expired, not logged out, still an admin): asked at each poll. */
  allowed(): Promise<boolean>;
  /** Ends the stream. */
  end(): void;
}

export interface LiveFeedOptions {
  pollMs: number;
  /** Streams this instance holds at once (EVENTS_MAX_STREAMS), and of them one session's. */
  maxStreams: number;
  maxStreamsPerSession: number;
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: number;
  /** A poll that failed (the database did not answer): the streams stay open, the next poll tries again. */
  onError(error: unknown): void;
}

/** One server-sent event: its name and one JSON line of data. */
export const sseEvent = (name: string, data: unknown): string => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

export class LiveFeed {
  private readonly clients = new Set<LiveClient>();
  /**
   * Streams by session. Counted in this instance's memory, not in the shared database: what a stream
   * costs is this instance's, so each instance bounds its own (a session that a load balancer spreads
   * over several may hold a few on each, which none of them feels), and no row is left counting a
   * stream after its instance died.
   */
  private readonly perSession = new Map<string, number>();
  /** Streams that have not had the count yet: the next poll sends it to them, changed or not. */
  private readonly fresh = new Set<LiveClient>();
  /** The counts last sent (the event's text): a change of either is news. */
  private open: string | null = null;
  private watch: SettlementWatch | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly options: LiveFeedOptions,
  ) {}

  /** Streams open now. */
  get size(): number {
    return this.clients.size;
  }

  /**
   * A new stream: the next poll sends it the open disputes' count as it is then. Past either limit it
   * is refused (429) and takes no place.
   */
  add(client: LiveClient): void {
    if (this.closed) return client.end();
    this.admit(client.session);
    this.clients.add(client);
    this.perSession.set(client.session, (this.perSession.get(client.session) ?? 0) + 1);
    this.fresh.add(client);
    if (!this.pollTimer && !this.polling) this.start();
  }

  /** A stream that ended frees its place; removing one twice (ended, then its connection closed) is once. */
  remove(client: LiveClient): void {
    if (!this.clients.delete(client)) return;
    this.fresh.delete(client);
    const left = (this.perSession.get(client.session) ?? 1) - 1;
    if (left > 0) this.perSession.set(client.session, left);
    else this.perSession.delete(client.session);
    if (this.clients.size === 0) this.stop();
  }

  private admit(session: string): void {
    const { maxStreams, maxStreamsPerSession } = this.options;
    if ((this.perSession.get(session) ?? 0) >= maxStreamsPerSession) {
      throw tooManyRequests(
        `Too many live-update streams for this session: at most ${maxStreamsPerSession} are open at once; close one (another console tab) or try again later`,
        STREAM_RETRY_AFTER_SECONDS,
      );
    }
    if (this.clients.size >= maxStreams) {
      throw tooManyRequests(
        `Too many live-update streams on this server: at most ${maxStreams} are open at once; try again later`,
        STREAM_RETRY_AFTER_SECONDS,
      );
    }
  }

  /** Ends every stream and the poller (the server is closing): waits for a poll under way. */
  async close(): Promise<void> {
    this.closed = true;
    for (const client of this.clients) client.end();
    this.clients.clear();
    this.perSession.clear();
    this.fresh.clear();
    this.stop();
    await this.polling;
  }

  private start(): void {
    // What was true before anyone listened is the baseline, not news.
    this.open = null;
    this.watch = new SettlementWatch(this.ctx);
    this.heartbeat = setInterval(() => this.broadcast(": heartbeat\n\n"), this.options.heartbeatMs);
    this.tick();
  }

  private stop(): void {
    if (this.pollTimer) clearTimeout(this.pollTimer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.pollTimer = this.heartbeat = null;
  }

  /** One poll, then the next one pollMs later, while anyone listens. */
  private tick(): void {
    this.pollTimer = null;
    this.polling = this.poll()
      .catch((error: unknown) => this.options.onError(error))
      .finally(() => {
        this.polling = null;
        if (this.clients.size > 0 && !this.closed) this.pollTimer = setTimeout(() => this.tick(), this.options.pollMs);
      });
  }

  private async poll(): Promise<void> {
    await this.endExpired();
    if (this.clients.size === 0 || !this.watch) return;
    const [open, settlements] = await Promise.all([openDisputes(this.ctx), this.watch.changes()]);
    const count = sseEvent(LIVE_EVENTS.disputes, open satisfies DisputesEvent);
    if (count !== this.open) {
      this.open = count;
      this.broadcast(count);
    } else {
      for (const client of this.fresh) client.write(count);
    }
    this.fresh.clear();
    for (const settlement of settlements) this.broadcast(sseEvent(LIVE_EVENTS.settlement, settlement satisfies SettlementEvent));
  }

  /** Streams whose session ended (expired, logged out, no longer an admin) end here. */
  private async endExpired(): Promise<void> {
    const clients = [...this.clients];
    const allowed = await Promise.all(clients.map((client) => client.allowed()));
    clients.forEach((client, i) => {
      if (allowed[i]) return;
      client.end();
      this.remove(client);
    });
  }

  private broadcast(chunk: string): void {
    for (const client of this.clients) client.write(chunk);
  }
}
