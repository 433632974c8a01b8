// The live-updates feed of one instance (GET /admin/events, routes/events.ts): while at least one
// console listens, one poller reads what changed in the database (services/live-changes.ts) and fans
// it out to this instance's streams as server-sent events. Every instance polls the shared database
// itself, so a change made through any instance reaches every console; with nobody listening nothing runs.
import { LIVE_EVENTS, type DisputesEvent, type SettlementEvent } from "../../contract/index.ts";
import { openDisputes, SettlementWatch } from "../services/live-changes.ts";
import type { ServiceContext } from "../services/ports.ts";

/** One console's stream. */
export interface LiveClient {
  /** Writes raw SSE text to the stream. */
  write(chunk: string): void;
  /** Whether its session still holds (not expired, not logged out, still an admin): asked at each poll. */
  allowed(): Promise<boolean>;
  /** Ends the stream. */
  end(): void;
}

export interface LiveFeedOptions {
  pollMs: number;
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: number;
  /** A poll that failed (the database did not answer): the streams stay open, the next poll tries again. */
  onError(error: unknown): void;
}

/** One server-sent event: its name and one JSON line of data. */
export const sseEvent = (name: string, data: unknown): string => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

export class LiveFeed {
  private readonly clients = new Set<LiveClient>();
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

  /** A new stream: the next poll sends it the open disputes' count as it is then. */
  add(client: LiveClient): void {
    if (this.closed) return client.end();
    this.clients.add(client);
    this.fresh.add(client);
    if (!this.pollTimer && !this.polling) this.start();
  }

  remove(client: LiveClient): void {
    this.clients.delete(client);
    this.fresh.delete(client);
    if (this.clients.size === 0) this.stop();
  }

  /** Ends every stream and the poller (the server is closing): waits for a poll under way. */
  async close(): Promise<void> {
    this.closed = true;
    for (const client of this.clients) client.end();
    this.clients.clear();
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
