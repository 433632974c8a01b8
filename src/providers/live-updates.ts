// Live updates (beyond the core API): the event stream GET /admin/events, opened with the
// browser's EventSource. Antd- and React-free; components/layout/live-updates.tsx runs it while an
// admin is signed in (the admin layout is only mounted then) and decides what each event refreshes.
//
// EventSource cannot see status codes: a stream that would not open is asked once more with the
// HTTP client (the same path answers JSON there), which says why: 404 = this API has no stream (the
// console polls the core API's list call instead), 401 = the session ended (the HTTP client signs
// out, as for any call), another 4xx = it will not change (stop), anything else = try again later,
// each wait longer than the last. A stream that opened and then dropped (the server stopped, a proxy cut it)
// is simply opened again.
import type { DisputesEvent, SettlementEvent } from "@contract";
import { API_URL, LIVE_UPDATES } from "@/config";
import { endpoints } from "@/providers/endpoints";
import { http, type ApiHttpError } from "@/providers/http";

/** What of EventSource the stream needs (a test passes its own). */
export interface EventStream {
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface LiveUpdateHandlers {
  /** `awaitingApproval`: payouts proposed and waiting for a second admin (0 where the server has none). */
  onDisputes(open: number, awaitingApproval: number): void;
  onSettlement(event: SettlementEvent): void;
  /** The stream opened; `again`: it had been open before, so what changed meanwhile was missed. */
  onOpen(again: boolean): void;
  /** The API has no event stream (404): poll instead. Nothing more is tried. */
  onUnavailable(): void;
}

export interface LiveUpdateOptions extends LiveUpdateHandlers {
  /** Opens the stream at `url`: the browser's EventSource unless given. */
  openStream?: (url: string) => EventStream;
  /** Asks the same path with the HTTP client after a stream would not open; rejects with its HttpError. */
  probe?: () => Promise<unknown>;
}

export const LIVE_EVENTS_URL = `${API_URL}${endpoints.liveEvents}`;

const browserStream = (url: string): EventStream => new EventSource(url, { withCredentials: true });
const probeWithHttp = () => http.get(endpoints.liveEvents);

function parse<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** Opens the stream and keeps it open; returns what stops it (nothing is reopened after). */
export function startLiveUpdates(options: LiveUpdateOptions): () => void {
  const openStream = options.openStream ?? browserStream;
  const probe = options.probe ?? probeWithHttp;
  let stopped = false;
  let stream: EventStream | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let everOpened = false;

  const later = () => {
    const wait = Math.min(LIVE_UPDATES.reconnectMinMs * 2 ** failures, LIVE_UPDATES.reconnectMaxMs);
    failures++;
    retry = setTimeout(open, wait);
  };

  const whyNotOpen = () =>
    probe().then(
      () => later(),
      (error: ApiHttpError) => {
        if (stopped) return;
        const status = error?.statusCode ?? 0;
        if (status === 404) options.onUnavailable();
        else if (status < 400 || status >= 500) later();
        // Any other 4xx (401 signs out through the HTTP client) will not change by asking again.
      },
    );

  function open() {
    retry = null;
    if (stopped) return;
    const current = openStream(LIVE_EVENTS_URL);
    stream = current;
    let opened = false;
    current.onopen = () => {
      opened = true;
      failures = 0;
      options.onOpen(everOpened);
      everOpened = true;
    };
    current.addEventListener("disputes", (event) => {
      const data = parse<DisputesEvent>(event.data);
      if (typeof data?.open === "number")
        options.onDisputes(data.open, typeof data.awaitingApproval === "number" ? data.awaitingApproval : 0);
    });
    current.addEventListener("settlement", (event) => {
      const data = parse<SettlementEvent>(event.data);
      if (data && typeof data.id === "string") options.onSettlement(data);
    });
    current.onerror = () => {
      // The browser would reconnect on its own, at its own pace, forever: we decide instead.
      current.close();
      if (stopped || stream !== current) return;
      stream = null;
      if (opened) later();
      else void whyNotOpen();
    };
  }

  open();
  return () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    stream?.close();
    stream = null;
  };
}
