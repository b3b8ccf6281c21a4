import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BankReport, type HandledMessages, type InboxOutcome, pollBankInbox } from "./bank-inbox.ts";
import { fixture, nth, toolPresent, xsdErrors } from "./iso20022.test-helpers.ts";
import { isBankFileError } from "./iso20022-errors.ts";
import { endToEndIdOf, messageIdOf, pain001FileName, transferIdOf } from "./message-ids.ts";
import { SSHD, startSftpServer, type TestSftpServer } from "./openssh-server.test-helpers.ts";
import { writePain001 } from "./pain001-writer.ts";
import { type BankFileTransport, createSftpBankTransport } from "./sftp-transport.ts";
import { camt054, pain002Rejection, testBank } from "./test-bank.test-helpers.ts";

// A real OpenSSH server (Debian's openssh-server) started by the test stands in for the bank's
// host-to-host SFTP; the "bank" works on the same folders from this machine.

const MERCHANT = { name: "Nimbus Pay GmbH", iban: "DE89370400440532013000", bic: "COBADEFFXXX" };
const CUSTOMER_IBAN = "DE02120300000000202051";
const FOLDERS = ["outbox", "inbox", "processed"];

/** The MsgIds applied, as a table with a unique MsgId would hold them. */
function memoryHandled(): HandledMessages & { applied: string[] } {
  const applied: string[] = [];
  return {
    applied,
    async once(msgId, apply) {
      if (applied.includes(msgId)) return "DUPLICATE";
      await apply();
      applied.push(msgId);
      return "APPLIED";
    },
  };
}

function refusalOf(outcome: InboxOutcome) {
  if (outcome.result !== "REFUSED") throw new Error(`${outcome.file} was applied, not refused`);
  return outcome.error;
}

function pain001For(transferId: string, amount: bigint): { name: string; xml: string } {
  const msgId = messageIdOf(transferId);
  const xml = writePain001({
    msgId,
    createdAt: new Date("2026-12-07T10:00:00Z"),
    executionDate: "2026-12-07",
    debtor: MERCHANT,
    transfers: [
      {
        endToEndId: endToEndIdOf(transferId),
        amount,
        creditorName: "Anna Schmidt",
        creditorIban: "FR1420041010050500013M02606",
        creditorBic: "PSSTFRPPPAR",
        remittance: "Payout",
      },
    ],
  });
  return { name: pain001FileName(msgId), xml };
}

const ready = toolPresent("xmllint", "libxml2-utils") && toolPresent(SSHD, "openssh-server");

describe.runIf(ready)("SEPA files over SFTP to a real OpenSSH server", () => {
  let server: TestSftpServer;
  let transport: BankFileTransport;
  let bank: ReturnType<typeof testBank>;
  beforeAll(async () => {
    server = await startSftpServer(FOLDERS);
    transport = createSftpBankTransport({
      host: "127.0.0.1",
      port: server.port,
      username: server.username,
      privateKey: server.privateKey,
      hostKeySha256: server.hostKeySha256,
      outbox: server.remote("outbox"),
      inbox: server.remote("inbox"),
      processed: server.remote("processed"),
    });
    bank = testBank({ outbox: server.local("outbox"), inbox: server.local("inbox") });
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("a payout leaves as a valid pain.001, the bank books it and a camt.054 credits the customer's IBAN", async () => {
    const transferId = "3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
    const file = pain001For(transferId, 4200n);
    expect(await transport.upload(file.name, file.xml)).toBe("SENT");
    // Sent again (a retried job): the same file is not placed twice.
    expect(await transport.upload(file.name, file.xml)).toBe("ALREADY_SENT");

    const collected = bank.collect();
    expect(collected.map((c) => c.file)).toEqual([file.name]);
    expect(xsdErrors(nth(collected).xml, "epc-sct-pain.001.001.09.xsd")).toBeNull();
    const sent = nth(nth(collected).transfers);
    expect(sent).toMatchObject({
      amount: "42.00",
      debtorIban: MERCHANT.iban,
      msgId: messageIdOf(transferId),
    });
    expect(readdirSync(server.local("outbox"))).toEqual([]);

    const notification = camt054("BANK-054-0001", MERCHANT.iban, [
      {
        direction: "DBIT",
        amount: 4200n,
        endToEndId: sent.endToEndId,
        counterpartyName: "Anna Schmidt",
        counterpartyIban: sent.creditorIban,
      },
    ]);
    const credit = camt054("BANK-054-0002", CUSTOMER_IBAN, [
      {
        direction: "CRDT",
        amount: 15000n,
        endToEndId: "NOTPROVIDED",
        counterpartyName: "Max Mustermann",
        counterpartyIban: "FR1420041010050500013M02606",
      },
    ]);
    expect(xsdErrors(notification, "camt.054.001.08.xsd")).toBeNull();
    expect(xsdErrors(credit, "camt.054.001.08.xsd")).toBeNull();
    bank.drop("camt054-0001.xml", notification);
    bank.drop("camt054-0002.xml", credit);

    const reports: BankReport[] = [];
    const handled = memoryHandled();
    const outcomes = await pollBankInbox({ transport, handled, apply: async (r) => void reports.push(r) });
    expect(outcomes.map((o) => [o.file, o.result])).toEqual([
      ["camt054-0001.xml", "APPLIED"],
      ["camt054-0002.xml", "APPLIED"],
    ]);
    const entries = reports.flatMap((r) => (r.kind === "camt.054" ? r.report.entries : []));
    expect(entries.map((e) => [e.accountIban, e.direction, e.amount])).toEqual([
      [MERCHANT.iban, "OUT", 4200n],
      [CUSTOMER_IBAN, "IN", 15000n],
    ]);
    // Our payout is recognised by its EndToEndId.
    expect(transferIdOf(nth(entries).endToEndId ?? "")).toBe(transferId);
    expect(nth(entries, 1)).toMatchObject({ endToEndId: null, counterpartyName: "Max Mustermann" });
    // Acknowledged: moved out of the inbox, so the next poll finds nothing.
    expect(readdirSync(server.local("inbox"))).toEqual([]);
    expect(readdirSync(server.local("processed")).sort()).toEqual(["camt054-0001.xml", "camt054-0002.xml"]);
    expect(await pollBankInbox({ transport, handled, apply: async (r) => void reports.push(r) })).toEqual([]);
  });

  it("a file with the same name and other content is refused, not overwritten", async () => {
    const file = pain001For("7b7b7b7b-1111-4222-8333-944444444444", 100n);
    expect(await transport.upload(file.name, file.xml)).toBe("SENT");
    const other = pain001For("7b7b7b7b-1111-4222-8333-944444444444", 200n);
    await expect(transport.upload(file.name, other.xml)).rejects.toSatisfy((e) =>
      isBankFileError(e, "FILE_CONFLICT"),
    );
    expect(nth(nth(bank.collect()).transfers).amount).toBe("1.00");
  });

  it("a duplicate camt.054 (same MsgId, new file) is refused and applies nothing twice", async () => {
    const xml = camt054("BANK-054-DUP", CUSTOMER_IBAN, [
      {
        direction: "CRDT",
        amount: 999n,
        endToEndId: "E2E-1",
        counterpartyName: "Max Mustermann",
        counterpartyIban: "FR1420041010050500013M02606",
      },
    ]);
    const handled = memoryHandled();
    let applied = 0;
    const apply = async () => {
      applied++;
    };
    bank.drop("dup-a.xml", xml);
    await pollBankInbox({ transport, handled, apply });
    bank.drop("dup-b.xml", xml);
    const outcomes = await pollBankInbox({ transport, handled, apply });
    expect(applied).toBe(1);
    expect(outcomes).toHaveLength(1);
    const outcome = refusalOf(nth(outcomes));
    expect(outcome.code).toBe("DUPLICATE_FILE");
    expect(outcome.message).toMatch(/dup-b\.xml: MsgId BANK-054-DUP was already applied/);
  });

  it("a malformed file is refused with a clear error, stays in the inbox and applies nothing", async () => {
    bank.drop("broken.xml", fixture("camt.054-credit.xml").slice(0, 500));
    let applied = 0;
    const outcomes = await pollBankInbox({
      transport,
      handled: memoryHandled(),
      apply: async () => void applied++,
    });
    expect(applied).toBe(0);
    const outcome = refusalOf(nth(outcomes));
    expect(outcome.code).toBe("MALFORMED_FILE");
    expect(outcome.message).toMatch(/^broken\.xml: not well-formed XML/);
    expect(existsSync(join(server.local("inbox"), "broken.xml"))).toBe(true);
    // Taken out by an operator after talking to the bank.
    rmSync(join(server.local("inbox"), "broken.xml"));
  });

  it("a pain.002 rejection is read as the failure of our transfer, with its reason", async () => {
    const transferId = "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a";
    const file = pain001For(transferId, 1266n);
    await transport.upload(file.name, file.xml);
    const picked = nth(bank.collect());
    const rejection = pain002Rejection("BANK-002-0001", nth(picked.transfers), "AC04");
    expect(xsdErrors(rejection, "pain.002.001.10.xsd")).toBeNull();
    bank.drop("pain002-0001.xml", rejection);

    const failed: { transferId: string | null; reason: string | undefined }[] = [];
    await pollBankInbox({
      transport,
      handled: memoryHandled(),
      apply: async (r) => {
        if (r.kind !== "pain.002") return;
        for (const tx of r.report.rejected)
          failed.push({ transferId: transferIdOf(tx.endToEndId), reason: tx.reason?.code });
      },
    });
    expect(failed).toEqual([{ transferId, reason: "AC04" }]);
  });

  it("refuses a server whose host key is not the bank's", async () => {
    const impostor = createSftpBankTransport({
      host: "127.0.0.1",
      port: server.port,
      username: server.username,
      privateKey: server.privateKey,
      hostKeySha256: "SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      outbox: server.remote("outbox"),
      inbox: server.remote("inbox"),
      processed: server.remote("processed"),
    });
    await expect(impostor.listInbox()).rejects.toThrow();
  });
});
