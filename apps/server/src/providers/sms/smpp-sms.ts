import { connect, type PDU, type PduFields, type Session, errors as smppErrors } from "smpp";
import { commonErrors } from "../../http/app-error.ts";
import { readReceipt, type SmsFinalStatus } from "./smpp-receipt.ts";
import { encodeSmsText, SmsTooLongError } from "./smpp-text.ts";
import type { SmsProvider } from "./sms-provider.ts";

export type SmppOptions = {
  host: string;
  port: number;
  /** SMPP over TLS (the SMSC's TLS port), with the certificate checked. */
  tls?: boolean;
  systemId: string;
  password: string;
  systemType?: string;
  /** The sender shown on the phone: up to 11 letters/digits, or an international number. */
  sender: string;
  /** Outstanding submit_sm without an answer, at most. */
  window?: number;
  enquireLinkMs?: number;
  /** An answer later than this means the link is dead: it is dropped and bound again. */
  responseTimeoutMs?: number;
  /** A send not accepted within this (the SMSC away, throttling) fails with 503. */
  sendTimeoutMs?: number;
  reconnect?: Backoff;
  throttle?: Backoff;
  maxParts?: number;
  /** Called once per message when its receipts give its final status. */
  onStatus?: (update: { messageId: string; merchantId: string; status: SmsFinalStatus }) => void;
  /** Never given the text (it holds codes) nor the password. */
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
};
type Backoff = { minMs: number; maxMs: number };

export type SmppSms = SmsProvider & {
  /** `send` that resolves with the SMSC's id of the message (its first part's) for `statusOf`. */
  sendTracked(message: { merchantId: string; phone: string; body: string }): Promise<{ messageId: string }>;
  /** "sent" until the receipts tell the final status; undefined for an id this process forgot. */
  statusOf(messageId: string): SmsFinalStatus | "sent" | undefined;
  /** Binds if needed and exchanges an enquire_link: rejects with the reason (e.g. the bind refused). */
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** A refusal of the SMSC, named by its SMPP status (ESME_RINVPASWD...). */
class SmppError extends Error {
  readonly status: number;
  constructor(what: string, status: number) {
    super(`SMPP ${what}: ${statusName(status)} (0x${status.toString(16).padStart(8, "0")})`);
    this.status = status;
  }
}

const THROTTLED = new Set([smppErrors.ESME_RTHROTTLED, smppErrors.ESME_RMSGQFUL]);
const ALPHANUMERIC = { ton: 0x05, npi: 0x00 };
const INTERNATIONAL = { ton: 0x01, npi: 0x01 }; // E.164 (ISDN plan)
const REMEMBERED = 10_000;

type Part = {
  fields: PduFields;
  message: Message;
  index: number;
};
type Message = {
  merchantId: string;
  ids: (string | undefined)[];
  left: number;
  done: boolean;
  resolve: (messageId: string) => void;
  reject: (err: Error) => void;
};
type Tracked = { merchantId: string; parts: Map<string, SmsFinalStatus | "sent">; final?: SmsFinalStatus };

/**
 * Text messages over SMPP 3.4 (docs/going-live.md "Text messages"): one transceiver bind kept up
 * (enquire_link, reconnect with back-off), submit_sm within a window, throttling answers retried
 * after a back-off, delivery receipts mapped to the message's status. A part sent when the link
 * dropped is sent again on the next bind: a phone may get a text twice, never none for that.
 */
export function createSmppSms(options: SmppOptions): SmppSms {
  const window = options.window ?? 10;
  const enquireLinkMs = options.enquireLinkMs ?? 30_000;
  const responseTimeoutMs = options.responseTimeoutMs ?? 10_000;
  const sendTimeoutMs = options.sendTimeoutMs ?? 30_000;
  const reconnect = options.reconnect ?? { minMs: 500, maxMs: 30_000 };
  const throttle = options.throttle ?? { minMs: 1000, maxMs: 30_000 };
  const maxParts = options.maxParts ?? 6;
  const source = /^\+?\d{3,15}$/.test(options.sender)
    ? { ...INTERNATIONAL, addr: options.sender.replace("+", "") }
    : { ...ALPHANUMERIC, addr: options.sender };
  if (source.ton === ALPHANUMERIC.ton && !/^[A-Za-z0-9 ._-]{1,11}$/.test(options.sender))
    throw new Error("sender: at most 11 letters, digits, spaces or . _ -, or an international number");

  const queue: Part[] = [];
  const inFlight = new Map<number, { part: Part; timer: NodeJS.Timeout }>();
  const tracked = new Map<string, Tracked>();
  const partOf = new Map<string, string>(); // a part's SMSC id -> its message's id
  let session: Session | undefined;
  let bound = false;
  let closed = false;
  let reconnects = 0;
  let throttles = 0;
  let pausedUntil = 0;
  let wakeTimer: NodeJS.Timeout | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let enquireTimer: NodeJS.Timeout | undefined;
  const bindWaiters: { resolve: () => void; reject: (e: Error) => void }[] = [];
  let reference = Math.floor(Math.random() * 256);

  function open() {
    if (session || closed) return;
    const s = connect({ host: options.host, port: options.port, tls: options.tls ?? false });
    session = s;
    s.on("error", (err: Error) => options.log.warn({ err: err.message }, "smpp connection error"));
    s.on("close", () => lost(s));
    s.on(options.tls ? "secureConnect" : "connect", () => bind(s));
    s.on("deliver_sm", (pdu: PDU) => onDeliver(s, pdu));
    s.on("enquire_link", (pdu: PDU) => s.send(pdu.response()));
    s.on("unbind", (pdu: PDU) => {
      s.send(pdu.response());
      s.close();
    });
  }

  function bind(s: Session) {
    const request = s.bind_transceiver as (fields: PduFields, cb: (pdu: PDU) => void) => boolean;
    request.call(
      s,
      {
        system_id: options.systemId,
        password: options.password,
        system_type: options.systemType ?? "",
        interface_version: 0x34,
      },
      (pdu: PDU) => {
        if (s !== session) return;
        if (pdu.command_status !== 0) {
          const err = new SmppError("bind refused", pdu.command_status);
          options.log.warn({ status: statusName(pdu.command_status) }, err.message);
          // A refused bind is configuration (credentials, IP): no automatic retry that could lock
          // the account; what waits fails now, the next send tries to bind again.
          refuseAll(err);
          drop(s, false);
          return;
        }
        bound = true;
        options.log.info({ host: options.host, systemId: options.systemId }, "smpp bound");
        for (const w of bindWaiters.splice(0)) w.resolve();
        keepAlive(s);
        pump();
      },
    );
  }

  function keepAlive(s: Session) {
    clearTimeout(enquireTimer);
    enquireTimer = setTimeout(() => {
      if (s !== session) return;
      const timer = setTimeout(() => {
        options.log.warn({}, "smpp enquire_link unanswered: dropping the link");
        drop(s, true);
      }, responseTimeoutMs);
      (s.enquire_link as (cb: () => void) => boolean).call(s, () => {
        clearTimeout(timer);
        reconnects = 0;
        keepAlive(s);
      });
    }, enquireLinkMs);
  }

  function drop(s: Session, retry: boolean) {
    if (s !== session) return;
    s.destroy();
    lost(s, retry);
  }

  function lost(s: Session, retry = true) {
    if (s !== session) return;
    session = undefined;
    bound = false;
    clearTimeout(enquireTimer);
    // What was sent without an answer goes first on the next bind.
    const back = [...inFlight.values()].map((f) => {
      clearTimeout(f.timer);
      return f.part;
    });
    inFlight.clear();
    queue.unshift(...back.filter((p) => !p.message.done));
    if (!retry || closed) return;
    const delay = backoff(reconnects++, reconnect);
    options.log.warn({ retryInMs: delay }, "smpp link lost: reconnecting");
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(open, delay);
  }

  function refuseAll(err: Error) {
    for (const w of bindWaiters.splice(0)) w.reject(err);
    for (const part of queue.splice(0)) fail(part.message, err);
  }

  function pump() {
    const s = session;
    if (!s || !bound) return;
    const wait = pausedUntil - Date.now();
    if (wait > 0) {
      clearTimeout(wakeTimer);
      wakeTimer = setTimeout(pump, wait);
      return;
    }
    while (inFlight.size < window && queue.length > 0) {
      const part = queue.shift() as Part;
      if (part.message.done) continue;
      const pdu = s.submit_sm as (fields: PduFields, cb: (pdu: PDU) => void) => boolean;
      let seq = 0;
      const sent = pdu.call(s, { ...part.fields }, (resp: PDU) => answered(s, seq, resp));
      if (!sent) {
        queue.unshift(part);
        return;
      }
      seq = (s as unknown as { sequence: number }).sequence;
      const timer = setTimeout(() => {
        options.log.warn({}, "smpp submit_sm unanswered: dropping the link");
        drop(s, true);
      }, responseTimeoutMs);
      inFlight.set(seq, { part, timer });
    }
  }

  function answered(s: Session, seq: number, resp: PDU) {
    const flight = inFlight.get(seq);
    if (s !== session || !flight) return;
    inFlight.delete(seq);
    clearTimeout(flight.timer);
    const { part } = flight;
    if (THROTTLED.has(resp.command_status)) {
      const delay = backoff(throttles++, throttle);
      options.log.warn({ status: statusName(resp.command_status), retryInMs: delay }, "smpp throttled");
      pausedUntil = Math.max(pausedUntil, Date.now() + delay);
      queue.unshift(part);
    } else if (resp.command_status !== 0) {
      const err = new SmppError("submit_sm refused", resp.command_status);
      options.log.warn({ status: statusName(resp.command_status) }, err.message);
      fail(part.message, err);
    } else {
      // The link works, not only binds: a link that binds and drops at once keeps its back-off.
      reconnects = 0;
      throttles = 0;
      accepted(part, String(resp.message_id));
    }
    pump();
  }

  function accepted(part: Part, id: string) {
    const m = part.message;
    m.ids[part.index] = id;
    if (--m.left > 0 || m.done) return;
    m.done = true;
    const messageId = m.ids[0] as string;
    remember(messageId, {
      merchantId: m.merchantId,
      parts: new Map(m.ids.map((i) => [i as string, "sent"])),
    });
    for (const i of m.ids) partOf.set(i as string, messageId);
    m.resolve(messageId);
  }

  function fail(m: Message, err: Error) {
    if (m.done) return;
    m.done = true;
    m.reject(err);
  }

  function remember(messageId: string, t: Tracked) {
    tracked.set(messageId, t);
    if (tracked.size <= REMEMBERED) return;
    const [oldest, old] = tracked.entries().next().value as [string, Tracked];
    tracked.delete(oldest);
    for (const id of old.parts.keys()) partOf.delete(id);
  }

  function onDeliver(s: Session, pdu: PDU) {
    s.send(pdu.response());
    const receipt = readReceipt(pdu);
    if (!receipt) return;
    const messageId = partOf.get(receipt.messageId);
    const t = messageId ? tracked.get(messageId) : undefined;
    if (!messageId || !t || t.final) return;
    t.parts.set(receipt.messageId, receipt.status);
    const statuses = [...t.parts.values()];
    // A message is delivered when every part is; one part failed or expired decides it.
    const final = statuses.includes("failed")
      ? "failed"
      : statuses.includes("expired")
        ? "expired"
        : statuses.every((x) => x === "delivered")
          ? "delivered"
          : undefined;
    if (!final) return;
    t.final = final;
    options.log.info({ messageId, status: final }, "smpp delivery receipt");
    options.onStatus?.({ messageId, merchantId: t.merchantId, status: final });
  }

  function unavailable(): Error {
    return commonErrors.create("SERVICE_UNAVAILABLE", {
      message: "The text message could not be sent right now. Please try again later.",
      headers: { "retry-after": "30" },
    });
  }

  async function sendTracked({
    merchantId,
    phone,
    body,
  }: {
    merchantId: string;
    phone: string;
    body: string;
  }) {
    if (closed) throw unavailable();
    if (!/^\+?[1-9]\d{6,14}$/.test(phone))
      throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
        field: "phone",
        message: "phone: must be an international number",
      });
    if (!body)
      throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
        field: "body",
        message: "body: must not be empty",
      });
    let text: ReturnType<typeof encodeSmsText>;
    try {
      reference = (reference + 1) & 0xff;
      text = encodeSmsText(body, { maxParts, reference });
    } catch (err) {
      if (!(err instanceof SmsTooLongError)) throw err;
      throw commonErrors.create("NOT_VALID_REQUEST_DATA", { field: "body", message: err.message });
    }
    const done = new Promise<string>((resolve, reject) => {
      const message: Message = { merchantId, ids: [], left: text.parts.length, done: false, resolve, reject };
      const timer = setTimeout(() => fail(message, new Error("SMPP send timed out")), sendTimeoutMs);
      const settle = () => clearTimeout(timer);
      message.resolve = (id) => {
        settle();
        resolve(id);
      };
      message.reject = (e) => {
        settle();
        reject(e);
      };
      text.parts.forEach((short_message, index) => {
        const fields = {
          source_addr_ton: source.ton,
          source_addr_npi: source.npi,
          source_addr: source.addr,
          dest_addr_ton: INTERNATIONAL.ton,
          dest_addr_npi: INTERNATIONAL.npi,
          destination_addr: phone.replace("+", ""),
          esm_class: text.esmClass,
          data_coding: text.dataCoding,
          registered_delivery: 0x01, // a receipt on success and on failure
          short_message,
        };
        queue.push({ fields, message, index });
      });
    });
    open();
    pump();
    try {
      return { messageId: await done };
    } catch (err) {
      options.log.warn({ merchantId, reason: (err as Error).message }, "smpp send failed");
      throw unavailable();
    }
  }

  return {
    sendTracked,
    async send(message) {
      await sendTracked(message);
    },

    statusOf(messageId) {
      const t = tracked.get(messageId);
      return t ? (t.final ?? "sent") : undefined;
    },

    async ping() {
      if (closed) throw new Error("SMPP client closed");
      if (!bound) {
        // The SMSC unreachable (connection refused): the ping fails in time, the retries go on.
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error("SMPP not bound: the SMSC does not answer")),
            sendTimeoutMs,
          );
          const settle = () => clearTimeout(timer);
          bindWaiters.push({
            resolve: () => {
              settle();
              resolve();
            },
            reject: (err) => {
              settle();
              reject(err);
            },
          });
          open();
        });
      }
      const s = session as Session;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("SMPP enquire_link unanswered")), responseTimeoutMs);
        (s.enquire_link as (cb: () => void) => boolean).call(s, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },

    async close() {
      closed = true;
      for (const t of [wakeTimer, reconnectTimer, enquireTimer]) clearTimeout(t);
      refuseAll(new Error("SMPP client closed"));
      for (const f of inFlight.values()) {
        clearTimeout(f.timer);
        fail(f.part.message, new Error("SMPP client closed"));
      }
      inFlight.clear();
      const s = session;
      session = undefined;
      bound = false;
      if (s) await new Promise<void>((resolve) => s.destroy(resolve));
    },
  };
}

function backoff(attempt: number, b: Backoff): number {
  return Math.min(b.maxMs, b.minMs * 2 ** Math.min(attempt, 20));
}

function statusName(status: number): string {
  return Object.entries(smppErrors).find(([, v]) => v === status)?.[0] ?? "unknown status";
}
