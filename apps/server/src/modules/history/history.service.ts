import { type CurrencyCode, toDecimalString } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import type { ClientSource, Tx } from "../../db/transaction.ts";
import {
  type HistoryChange,
  type HistoryRow,
  historySql,
  type NewHistoryEntry,
} from "./history.repository.ts";
import { createHistorySearch } from "./history-search.ts";
import { pendingFields } from "./pending-texts.ts";

export type HistoryEntryInput = Omit<NewHistoryEntry, "id">;
export type HistoryUpdate = HistoryChange;
export type { HistoryRow };

/** `{ value, currency }` with the value as a decimal string: the reference's Money. */
export function money(minor: bigint, currency: string): { value: string; currency: string } {
  return { value: toDecimalString(minor, currency as CurrencyCode), currency };
}

/** "bc1qcr…306fyu": enough to recognise an address in a list; details carry it whole. */
export function shortenAddress(address: string): string {
  return address.length <= 14 ? address : `${address.slice(0, 6)}…${address.slice(-6)}`;
}

export type HistoryQuery = {
  merchantId: string;
  customerId: string;
  types: string[] | null;
  currencies: string[] | null;
  snapshotAt: string | null;
  offset: number;
  size: number;
};

/**
 * The customers' operation history: every use-case that moves money writes its parties' rows in
 * its own transaction (`record`, `update` with the transaction it is given), whatever the kind of
 * operation; the customer reads them newest first, in pages anchored at a snapshot so new
 * operations never shift a page.
 */
export function createHistoryService(deps: {
  db: ClientSource;
  /** A chain transaction's explorer page (configured per network), or null. */
  explorerTxUrl?: ExplorerTxUrl;
}) {
  const explorer = deps.explorerTxUrl ?? (() => null);
  const item = (r: HistoryRow) => toItem(r, explorer);
  const withIds = (entries: HistoryEntryInput[]): NewHistoryEntry[] =>
    entries.map((e) => ({ id: uuidv7(), ...e }));
  return {
    /** One row per party of an operation; writing the same operation again changes nothing. */
    record: (tx: Tx, entries: HistoryEntryInput[]) => historySql.insert(tx, withIds(entries)),
    /** Status and details of every party's row of an operation (a withdrawal confirmed...). */
    update: (tx: Tx, update: HistoryUpdate) => historySql.update(tx, update),

    /** The back-office's reads across a merchant (history-search.ts). */
    admin: createHistorySearch(deps.db),

    /** The customer's entries of these operations, by operation id (absent: not theirs or none). */
    async entriesOf(q: { merchantId: string; customerId: string; operationIds: string[] }) {
      const rows = await deps.db.withClient((c) => historySql.byOperations(c, q));
      return new Map(rows.map((r) => [r.operationId, r]));
    },

    /** One operation of the customer as the list shows it, or undefined (another's: undefined too). */
    async findOperation(q: { merchantId: string; customerId: string; operationId: string }) {
      const rows = await deps.db.withClient((c) =>
        historySql.byOperations(c, { ...q, operationIds: [q.operationId] }),
      );
      return rows[0] && item(rows[0]);
    },

    async listOperations(q: HistoryQuery) {
      const query = { ...q, snapshot: q.snapshotAt };
      const { total, snapshot } = await deps.db.withClient((c) => historySql.count(c, query));
      const rows =
        total > q.offset ? await deps.db.withClient((c) => historySql.page(c, { ...query, snapshot })) : [];
      return { operations: rows.map(item), offset: q.offset, size: q.size, total, snapshotAt: snapshot };
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;

const MODEL_OF = {
  RECEIVE_CRYPTO: "receiveCryptoModel",
  SEND_TO_PHONE: "sendToPhoneModel",
  SEND_TO_WALLET: "sendToWalletModel",
  EXCHANGE: "exchangeModel",
  TEST_CREDIT: "testCreditModel",
  DEPOSIT_OPEN: "depositModel",
  DEPOSIT_CLOSE: "depositModel",
  CARD_ORDER: "cardOrderModel",
  CARD_ORDER_REFUND: "cardOrderModel",
  PAYIN_CARD: "payinCardModel",
  PAYOUT_CARD: "payoutCardModel",
  IBAN_RECEIVE: "ibanModel",
  IBAN_WITHDRAW: "ibanModel",
  EXCHANGE_IBAN: "exchangeModel",
  CARD_TOP_UP: "cardTopUpModel",
  ADJUSTMENT: "adjustmentModel",
} as const;

type ExplorerTxUrl = (network: string, txHash: string) => string | null;

/**
 * A chain operation's details with its transaction's explorer page: from the configuration at
 * read time, not stored, so a changed explorer applies to every past operation too.
 */
function withExplorer(r: HistoryRow, explorer: ExplorerTxUrl): unknown {
  if (r.type !== "RECEIVE_CRYPTO" && r.type !== "SEND_TO_WALLET") return r.details;
  const d = r.details as { txHash?: string | null; network?: string | null; internal?: boolean };
  const explorerUrl = d.txHash && d.network && !d.internal ? explorer(d.network, d.txHash) : null;
  return { ...d, explorerUrl };
}

/** The reference's item: id, date, status and exactly one non-null model (ours add the summary). */
function toItem(r: HistoryRow, explorer: ExplorerTxUrl) {
  const models = {
    exchangeModel: null,
    receiveCryptoModel: null,
    payinAdvcashModel: null,
    payinCardModel: null,
    payoutCardModel: null,
    sendToWalletModel: null,
    sendToPhoneModel: null,
    testCreditModel: null,
    depositModel: null,
    cardOrderModel: null,
    ibanModel: null,
    cardTopUpModel: null,
    adjustmentModel: null,
  };
  return {
    operationId: r.operationId,
    type: r.type,
    direction: r.direction,
    status: r.status,
    operationStatus: r.status,
    amount: toDecimalString(r.amount, r.currency as CurrencyCode),
    currency: r.currency,
    fee: toDecimalString(r.fee, r.currency as CurrencyCode),
    counterparty: r.counterparty,
    operationDate: r.createdAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    ...pendingFields(r),
    ...models,
    [MODEL_OF[r.type]]: withExplorer(r, explorer),
  };
}
