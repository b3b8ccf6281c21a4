import { EventEmitter } from "node:events";
import pg from "pg";
import { CONFIG_CHANNEL } from "./merchant-config.types.ts";

export type ConfigListener = {
  /** Emits `change` (merchant id) once this instance has dropped that merchant's copies, `reset` after a reconnect. */
  events: EventEmitter;
  start(): void;
  /** Resolves once the first LISTEN is in place (tests wait on it before changing anything). */
  listening(): Promise<void>;
  stop(): Promise<void>;
};

const MIN_BACKOFF_MS = 100;
const MAX_BACKOFF_MS = 10_000;

/**
 * The instance's one dedicated LISTEN connection on `merchant_config` (docs/merchants.md "Live
 * configuration"). A notice names a merchant whose configuration committed a change: its cached
 * copies are dropped. The connection is its own client, not the pool's: a pooled connection is
 * handed to others and LISTEN lives with the session. Lost, it reconnects with backoff, and on
 * every (re)connect everything cached is dropped, since notices sent meanwhile are lost.
 */
export function createConfigListener(deps: {
  connection: pg.ClientConfig;
  onChange: (merchantId: string) => void;
  onReset: () => void;
  log?: { warn: (obj: object, msg: string) => void };
}): ConfigListener {
  const events = new EventEmitter();
  let client: pg.Client | undefined;
  let stopped = false;
  let backoff = MIN_BACKOFF_MS;
  let timer: NodeJS.Timeout | undefined;
  let markListening: () => void = () => {};
  const listening = new Promise<void>((resolve) => {
    markListening = resolve;
  });

  async function connect(): Promise<void> {
    if (stopped) return;
    const c = new pg.Client(deps.connection);
    client = c;
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      c.removeAllListeners("notification");
      void c.end().catch(() => {});
      if (stopped) return;
      deps.log?.warn({ err }, "merchant configuration LISTEN connection lost; reconnecting");
      timer = setTimeout(() => void connect(), backoff);
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    };
    c.on("error", onLost);
    c.on("end", () => onLost());
    c.on("notification", (msg) => {
      if (msg.channel !== CONFIG_CHANNEL || !msg.payload) return;
      deps.onChange(msg.payload);
      events.emit("change", msg.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CONFIG_CHANNEL}`);
    } catch (err) {
      onLost(err as Error);
      return;
    }
    backoff = MIN_BACKOFF_MS;
    // Whatever changed while nobody listened is unknown: start from the database again.
    deps.onReset();
    events.emit("reset");
    markListening();
  }

  return {
    events,
    start() {
      stopped = false;
      void connect();
    },
    listening: () => listening,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const c = client;
      client = undefined;
      if (c) await c.end().catch(() => {});
    },
  };
}
