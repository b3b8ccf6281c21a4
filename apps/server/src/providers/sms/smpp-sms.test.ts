import { createServer, errors, PDU, type Server, type Session } from "smpp";
import { afterEach, describe, expect, it } from "vitest";
import { createSmppSms, type SmppOptions } from "./smpp-sms.ts";

// A real SMPP server (the npm `smpp` package's) plays the SMSC on a free port.
type Smsc = {
  server: Server;
  port: number;
  binds: PDU[];
  submits: PDU[];
  enquires: number;
  connections: number;
  sessions: Session[];
  /** What the next submit_sm is answered with; the default accepts with an id. */
  answer: (pdu: PDU) => number | "hold";
  bindStatus: number;
  answerEnquire: boolean;
};

const smscs: Smsc[] = [];
const clients: { close(): Promise<void> }[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  for (const s of smscs.splice(0)) await stop(s);
});

async function startSmsc(port = 0, into?: Smsc): Promise<Smsc> {
  const smsc: Smsc = into ?? {
    server: undefined as unknown as Server,
    port,
    binds: [],
    submits: [],
    enquires: 0,
    connections: 0,
    sessions: [],
    answer: () => 0,
    bindStatus: 0,
    answerEnquire: true,
  };
  let nextId = 1000 + smsc.submits.length;
  smsc.server = createServer((session) => {
    smsc.connections++;
    smsc.sessions.push(session);
    session.on("error", () => {});
    session.on("bind_transceiver", (pdu: PDU) => {
      smsc.binds.push(pdu);
      session.send(pdu.response({ command_status: smsc.bindStatus, system_id: "SMSC" }));
      if (smsc.bindStatus) session.close();
    });
    session.on("enquire_link", (pdu: PDU) => {
      smsc.enquires++;
      if (smsc.answerEnquire) session.send(pdu.response());
    });
    session.on("submit_sm", (pdu: PDU) => {
      smsc.submits.push(pdu);
      const status = smsc.answer(pdu);
      if (status === "hold") return;
      session.send(pdu.response(status ? { command_status: status } : { message_id: `M${nextId++}` }));
    });
  });
  await new Promise<void>((resolve) => smsc.server.listen(port, "127.0.0.1", resolve));
  smsc.port = (smsc.server.address() as { port: number }).port;
  if (!into) smscs.push(smsc);
  return smsc;
}

async function stop(smsc: Smsc) {
  for (const s of smsc.sessions.splice(0)) s.destroy();
  await new Promise<void>((resolve) => smsc.server.close(() => resolve()));
}

function client(smsc: Smsc, extra: Partial<SmppOptions> = {}) {
  const lines: string[] = [];
  const log = {
    info: (obj: object, msg: string) => lines.push(`${msg} ${JSON.stringify(obj)}`),
    warn: (obj: object, msg: string) => lines.push(`${msg} ${JSON.stringify(obj)}`),
  };
  const sms = createSmppSms({
    host: "127.0.0.1",
    port: smsc.port,
    systemId: "kestrel",
    password: "s3cret-pw",
    systemType: "OTP",
    sender: "Kestrel",
    reconnect: { minMs: 20, maxMs: 200 },
    throttle: { minMs: 150, maxMs: 1000 },
    responseTimeoutMs: 1000,
    sendTimeoutMs: 5000,
    log,
    ...extra,
  });
  clients.push(sms);
  return { sms, lines };
}

function receipt(smsc: Smsc, fields: Record<string, unknown>) {
  const session = smsc.sessions.at(-1) as Session;
  session.send(new PDU("deliver_sm", { esm_class: 0x04, ...fields }));
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
};
/** Answers ESME_RTHROTTLED once, then accepts. */
function throttleFirst() {
  let throttled = false;
  return () => {
    if (throttled) return 0;
    throttled = true;
    return errors.ESME_RTHROTTLED as number;
  };
}
const message = { merchantId: "m-1", phone: "+447700900123", body: "Your Kestrel code is 4821" };

describe("SMPP text messages", () => {
  it("binds as transceiver and submits a GSM text from an alphanumeric sender to an international number", async () => {
    const smsc = await startSmsc();
    const { sms } = client(smsc);
    const { messageId } = await sms.sendTracked(message);
    expect(messageId).toBe("M1000");
    const [bind] = smsc.binds;
    expect(bind).toMatchObject({
      command: "bind_transceiver",
      system_id: "kestrel",
      password: "s3cret-pw",
      system_type: "OTP",
    });
    const [submit] = smsc.submits;
    expect(submit).toMatchObject({
      source_addr_ton: 5,
      source_addr_npi: 0,
      source_addr: "Kestrel",
      dest_addr_ton: 1,
      dest_addr_npi: 1,
      destination_addr: "447700900123",
      data_coding: 0,
      registered_delivery: 1,
    });
    expect(((submit as PDU).short_message as { message: string }).message).toBe(message.body);
  });

  it("sends a text outside the GSM alphabet as UCS-2 (data_coding 8)", async () => {
    const smsc = await startSmsc();
    const { sms } = client(smsc);
    await sms.send({ ...message, body: "Код Kestrel: 4821" });
    const [submit] = smsc.submits;
    expect(submit?.data_coding).toBe(8);
    expect(((submit as PDU).short_message as { message: string }).message).toBe("Код Kestrel: 4821");
  });

  it("splits a long text into parts with a concatenation header and refuses one too long", async () => {
    const smsc = await startSmsc();
    const { sms } = client(smsc, { maxParts: 3 });
    const body = "Ana sent you 12.50 EUR. ".repeat(10); // 240 GSM characters: 2 parts of at most 153
    await sms.send({ ...message, body });
    expect(smsc.submits).toHaveLength(2);
    const parts = smsc.submits.map((p) => p.short_message as { udh: Buffer[]; message: string });
    expect(smsc.submits.map((p) => p.esm_class)).toEqual([0x40, 0x40]);
    expect(parts.map((p) => [...(p.udh[0] as Buffer)].slice(0, 3))).toEqual([
      [0, 3, parts[0]?.udh[0]?.[2]],
      [0, 3, parts[0]?.udh[0]?.[2]],
    ]);
    expect(parts.map((p) => [...(p.udh[0] as Buffer)].slice(3))).toEqual([
      [2, 1],
      [2, 2],
    ]);
    expect(parts.map((p) => p.message).join("")).toBe(body);

    await expect(sms.send({ ...message, body: "x".repeat(153 * 3 + 1) })).rejects.toMatchObject({
      code: "NOT_VALID_REQUEST_DATA",
      field: "body",
    });
    expect(smsc.submits).toHaveLength(2);
  });

  it("maps delivery receipts to the message's status: delivered, failed, expired", async () => {
    const smsc = await startSmsc();
    const updates: unknown[] = [];
    const { sms } = client(smsc, { onStatus: (u) => updates.push(u) });
    const a = await sms.sendTracked(message);
    const b = await sms.sendTracked(message);
    const c = await sms.sendTracked(message);
    expect(sms.statusOf(a.messageId)).toBe("sent");
    const text = (id: string, stat: string) =>
      `id:${id} sub:001 dlvrd:001 submit date:2612072300 done date:2612072301 stat:${stat} err:000 text:Your Kestrel code`;
    receipt(smsc, { short_message: text(a.messageId, "DELIVRD") });
    receipt(smsc, { short_message: text(b.messageId, "UNDELIV") });
    receipt(smsc, { receipted_message_id: c.messageId, message_state: 3, short_message: "" });
    await until(() => updates.length === 3);
    expect(updates).toEqual([
      { messageId: a.messageId, merchantId: "m-1", status: "delivered" },
      { messageId: b.messageId, merchantId: "m-1", status: "failed" },
      { messageId: c.messageId, merchantId: "m-1", status: "expired" },
    ]);
    expect([a, b, c].map((x) => sms.statusOf(x.messageId))).toEqual(["delivered", "failed", "expired"]);
  });

  it("honours a throttling answer: waits its back-off, then sends again", async () => {
    const smsc = await startSmsc();
    smsc.answer = throttleFirst();
    const { sms } = client(smsc);
    const started = Date.now();
    const times: number[] = [];
    const answer = smsc.answer;
    smsc.answer = (pdu) => {
      times.push(Date.now());
      return answer(pdu);
    };
    await sms.send(message);
    expect(smsc.submits).toHaveLength(2);
    expect((times[1] as number) - (times[0] as number)).toBeGreaterThanOrEqual(140);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("keeps at most a window of submit_sm without an answer", async () => {
    const smsc = await startSmsc();
    const held: PDU[] = [];
    smsc.answer = (pdu) => {
      held.push(pdu);
      return "hold";
    };
    const { sms } = client(smsc, { window: 10, responseTimeoutMs: 4000 });
    const sends = Array.from({ length: 25 }, () => sms.send(message));
    await until(() => held.length === 10);
    await new Promise((r) => setTimeout(r, 100));
    expect(held).toHaveLength(10);
    smsc.answer = () => 0;
    const session = smsc.sessions.at(-1) as Session;
    for (const pdu of held.splice(0)) session.send(pdu.response({ message_id: `H${pdu.sequence_number}` }));
    await Promise.all(sends);
    expect(smsc.submits).toHaveLength(25);
  });

  it("survives the server going away mid-send: reconnects on the same port and sends the part again", async () => {
    const smsc = await startSmsc();
    const { sms } = client(smsc);
    await sms.send(message); // bound and working
    smsc.answer = () => "hold";
    const sending = sms.send({ ...message, body: "Your Kestrel code is 9090" });
    await until(() => smsc.submits.length === 2);
    await stop(smsc);
    await new Promise((r) => setTimeout(r, 150));
    smsc.answer = () => 0;
    await startSmsc(smsc.port, smsc);
    await sending;
    expect(smsc.binds).toHaveLength(2);
    expect(smsc.submits.map((p) => (p.short_message as { message: string }).message).slice(1)).toEqual([
      "Your Kestrel code is 9090",
      "Your Kestrel code is 9090",
    ]);
  });

  it("reconnects with a growing back-off, not in a tight loop, while the server drops every link", async () => {
    const smsc = await startSmsc();
    smsc.answer = () => "hold";
    const { sms } = client(smsc, { reconnect: { minMs: 40, maxMs: 1000 }, sendTimeoutMs: 1000 });
    // Every link is dropped as soon as it binds: 40, 80, 160, 320 ms... about 5 links in a second.
    smsc.server.on("connection", (socket) => setTimeout(() => socket.destroy(), 5));
    await expect(sms.send(message)).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE" });
    expect(smsc.connections).toBeGreaterThanOrEqual(3);
    expect(smsc.connections).toBeLessThanOrEqual(7);
  });

  it("sends enquire_link to keep the bind and binds again when it goes unanswered", async () => {
    const smsc = await startSmsc();
    const { sms } = client(smsc, { enquireLinkMs: 50, responseTimeoutMs: 200 });
    await sms.send(message);
    await until(() => smsc.enquires >= 2);
    expect(smsc.binds).toHaveLength(1);
    smsc.answerEnquire = false;
    await until(() => smsc.binds.length === 2);
  });

  it.each([
    ["ESME_RINVPASWD", errors.ESME_RINVPASWD],
    ["ESME_RBINDFAIL", errors.ESME_RBINDFAIL],
  ])("a bind refused with %s fails the send with 503 and names the refusal", async (name, status) => {
    const smsc = await startSmsc();
    smsc.bindStatus = status as number;
    const { sms, lines } = client(smsc);
    await expect(sms.send(message)).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE" });
    expect(lines.join("\n")).toContain(`SMPP bind refused: ${name}`);
    await expect(sms.ping()).rejects.toThrow(`SMPP bind refused: ${name}`);
    expect(smsc.submits).toHaveLength(0);
  });

  it("a ping fails in time when nothing listens", async () => {
    const smsc = await startSmsc();
    await stop(smsc);
    const { sms } = client(smsc, { sendTimeoutMs: 300 });
    await expect(sms.ping()).rejects.toThrow("SMPP not bound");
  });

  it("never logs the text nor the password", async () => {
    const smsc = await startSmsc();
    const { sms, lines } = client(smsc);
    smsc.answer = throttleFirst();
    const sent = await sms.sendTracked(message);
    receipt(smsc, {
      short_message: `id:${sent.messageId} stat:DELIVRD err:000 text:Your Kestrel code is 4821`,
    });
    await until(() => sms.statusOf(sent.messageId) === "delivered");
    smsc.bindStatus = errors.ESME_RINVPASWD as number;
    await stop(smsc);
    await startSmsc(smsc.port, smsc);
    await expect(sms.send(message)).rejects.toThrow();
    const log = lines.join("\n");
    expect(log).toContain("smpp throttled");
    expect(log).not.toContain("4821");
    expect(log).not.toContain("s3cret-pw");
  });
});
