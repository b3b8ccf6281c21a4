import type {
  IbanAccountStatus,
  IbanRequestStatus,
  IbanTransferKind,
  IbanTransferStatus,
} from "../../db/schema/index.ts";
import type { Tx } from "../../db/transaction.ts";

export type ProgramRow = {
  merchantId: string;
  country: string;
  bankCode: string;
  bic: string;
  withdrawFixFee: bigint;
  withdrawMin: bigint;
  withdrawMax: bigint;
};

export type InfoRow = {
  isUsRelated: boolean | null;
  usRelatedPerson: string | null;
  incomeSources: string[] | null;
  additionalSources: string | null;
  estimatedMonthlyTurnoverRange: string | null;
  taxCountry: string | null;
  taxId: string | null;
  billingCountry: string | null;
  billingCity: string | null;
  billingAddress1: string | null;
  billingAddress2: string | null;
  billingZipCode: string | null;
  billingState: string | null;
};

export type RequestRow = {
  id: string;
  merchantId: string;
  customerId: string;
  status: IbanRequestStatus;
  createdAt: Date;
};

export type AccountRow = {
  id: string;
  merchantId: string;
  customerId: string;
  requestId: string;
  iban: string;
  bic: string;
  currency: string;
  holderName: string;
  balanceAccountId: string;
  status: IbanAccountStatus;
  createdAt: Date;
};

export type RecipientRow = {
  id: string;
  merchantId: string;
  customerId: string;
  name: string;
  iban: string;
  bic: string;
  createdAt: Date;
};

export type TransferRow = {
  id: string;
  merchantId: string;
  customerId: string;
  ibanId: string;
  kind: IbanTransferKind;
  status: IbanTransferStatus;
  amount: bigint;
  fee: bigint;
  currency: string;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  counterpartyBic: string | null;
  reference: string | null;
  returnReason: string | null;
  operationId: string;
  pendingId: string | null;
  feePendingId: string | null;
  limitReference: string | null;
  railId: string | null;
  createdAt: Date;
  updatedAt: Date;
};

type Owner = { merchantId: string; customerId: string };

const INFO_COLUMNS = `is_us_related as "isUsRelated", us_related_person as "usRelatedPerson",
  income_sources as "incomeSources", additional_sources as "additionalSources",
  estimated_monthly_turnover_range as "estimatedMonthlyTurnoverRange", tax_country as "taxCountry", tax_id as "taxId",
  billing_country as "billingCountry", billing_city as "billingCity", billing_address1 as "billingAddress1",
  billing_address2 as "billingAddress2", billing_zip_code as "billingZipCode", billing_state as "billingState"`;
const REQUEST_COLUMNS = `id, merchant_id as "merchantId", customer_id as "customerId", status, created_at as "createdAt"`;
const ACCOUNT_COLUMNS = `id, merchant_id as "merchantId", customer_id as "customerId", request_id as "requestId",
  iban, bic, currency, holder_name as "holderName", balance_account_id as "balanceAccountId", status,
  created_at as "createdAt"`;
const RECIPIENT_COLUMNS = `id, merchant_id as "merchantId", customer_id as "customerId", name, iban, bic,
  created_at as "createdAt"`;
const TRANSFER_COLUMNS = `id, merchant_id as "merchantId", customer_id as "customerId", iban_id as "ibanId", kind,
  status, amount, fee, currency, counterparty_name as "counterpartyName", counterparty_iban as "counterpartyIban",
  counterparty_bic as "counterpartyBic", reference, return_reason as "returnReason", operation_id as "operationId",
  pending_id as "pendingId", fee_pending_id as "feePendingId", limit_reference as "limitReference", rail_id as "railId", created_at as "createdAt",
  updated_at as "updatedAt"`;

// pg returns numeric as text: money becomes bigint here, never a number.
type RawTransfer = Omit<TransferRow, "amount" | "fee"> & { amount: string; fee: string };
const toTransfer = (r: RawTransfer): TransferRow => ({ ...r, amount: BigInt(r.amount), fee: BigInt(r.fee) });
type RawProgram = Omit<ProgramRow, "withdrawFixFee" | "withdrawMin" | "withdrawMax"> & {
  withdrawFixFee: string;
  withdrawMin: string;
  withdrawMax: string;
};

/** The SQL of IBAN accounts: every read and write names the merchant, a customer's also the customer. */
export const ibanSql = {
  async program(c: Tx, merchantId: string): Promise<ProgramRow | undefined> {
    const { rows } = await c.query<RawProgram>(
      `select merchant_id as "merchantId", country, bank_code as "bankCode", bic, withdraw_fix_fee as "withdrawFixFee",
         withdraw_min as "withdrawMin", withdraw_max as "withdrawMax" from iban_programs where merchant_id = $1`,
      [merchantId],
    );
    const r = rows[0];
    return (
      r && {
        ...r,
        withdrawFixFee: BigInt(r.withdrawFixFee),
        withdrawMin: BigInt(r.withdrawMin),
        withdrawMax: BigInt(r.withdrawMax),
      }
    );
  },

  async insertProgramsIfMissing(c: Tx, rows: ProgramRow[]): Promise<void> {
    for (const p of rows) {
      await c.query(
        `insert into iban_programs (merchant_id, country, bank_code, bic, withdraw_fix_fee, withdraw_min, withdraw_max)
         values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing`,
        [
          p.merchantId,
          p.country,
          p.bankCode,
          p.bic,
          String(p.withdrawFixFee),
          String(p.withdrawMin),
          String(p.withdrawMax),
        ],
      );
    }
  },

  async info(c: Tx, o: Owner): Promise<InfoRow | undefined> {
    const { rows } = await c.query<InfoRow>(
      `select ${INFO_COLUMNS} from iban_customer_info where merchant_id = $1 and customer_id = $2`,
      [o.merchantId, o.customerId],
    );
    return rows[0];
  },

  /** Writes the given answers, keeping the others (the order's steps are separate calls). */
  async saveInfo(c: Tx, o: Owner, patch: Partial<InfoRow>): Promise<void> {
    const columns: Record<keyof InfoRow, string> = {
      isUsRelated: "is_us_related",
      usRelatedPerson: "us_related_person",
      incomeSources: "income_sources",
      additionalSources: "additional_sources",
      estimatedMonthlyTurnoverRange: "estimated_monthly_turnover_range",
      taxCountry: "tax_country",
      taxId: "tax_id",
      billingCountry: "billing_country",
      billingCity: "billing_city",
      billingAddress1: "billing_address1",
      billingAddress2: "billing_address2",
      billingZipCode: "billing_zip_code",
      billingState: "billing_state",
    };
    const entries = (Object.keys(patch) as (keyof InfoRow)[]).filter((k) => patch[k] !== undefined);
    const names = entries.map((k) => columns[k]);
    const values = entries.map((k) => patch[k]);
    const placeholders = entries.map((_, i) => `$${i + 3}`);
    // excluded.updated_at, not now(): Citus takes only immutable functions in DO UPDATE SET.
    const updates = names.map((n) => `${n} = excluded.${n}`);
    await c.query(
      `insert into iban_customer_info (merchant_id, customer_id, updated_at${names.map((n) => `, ${n}`).join("")})
       values ($1, $2, now()${placeholders.map((p) => `, ${p}`).join("")})
       on conflict (merchant_id, customer_id) do update set updated_at = excluded.updated_at${updates.map((u) => `, ${u}`).join("")}`,
      [o.merchantId, o.customerId, ...values],
    );
  },

  /** The customer's live order (open or issued), if any. */
  async liveRequest(c: Tx, o: Owner): Promise<RequestRow | undefined> {
    const { rows } = await c.query<RequestRow>(
      `select ${REQUEST_COLUMNS} from iban_requests where merchant_id = $1 and customer_id = $2 and status <> 'CANCELLED'`,
      [o.merchantId, o.customerId],
    );
    return rows[0];
  },

  /**
   * The order; with `lock`, its row held until the transaction ends, by an UPDATE that changes
   * nothing: a write holds the merchant's shard group in place on Citus (docs/scaling.md).
   */
  async request(c: Tx, o: Owner, id: string, lock = false): Promise<RequestRow | undefined> {
    const where = "where merchant_id = $1 and customer_id = $2 and id = $3";
    const { rows } = await c.query<RequestRow>(
      lock
        ? `update iban_requests set status = status ${where} returning ${REQUEST_COLUMNS}`
        : `select ${REQUEST_COLUMNS} from iban_requests ${where}`,
      [o.merchantId, o.customerId, id],
    );
    return rows[0];
  },

  /** A new open order; undefined when the customer already has a live one (unique index). */
  async insertRequest(c: Tx, r: { id: string } & Owner, at: Date): Promise<RequestRow | undefined> {
    const { rows } = await c.query<RequestRow>(
      `insert into iban_requests (id, merchant_id, customer_id, status, created_at, updated_at)
       values ($1, $2, $3, 'OPEN', $4, $4) on conflict do nothing returning ${REQUEST_COLUMNS}`,
      [r.id, r.merchantId, r.customerId, at],
    );
    return rows[0];
  },

  async setRequestStatus(
    c: Tx,
    merchantId: string,
    id: string,
    from: IbanRequestStatus,
    to: IbanRequestStatus,
  ) {
    const { rowCount } = await c.query(
      `update iban_requests set status = $4, updated_at = now() where merchant_id = $1 and id = $2 and status = $3`,
      [merchantId, id, from, to],
    );
    return rowCount === 1;
  },

  /** The issued account, and its IBAN's owner (the same transaction: one stands for the other). */
  async insertAccount(c: Tx, a: AccountRow): Promise<void> {
    await c.query("insert into iban_owners (iban, merchant_id, created_at) values ($1, $2, $3)", [
      a.iban,
      a.merchantId,
      a.createdAt,
    ]);
    await c.query(
      `insert into iban_accounts (id, merchant_id, customer_id, request_id, iban, bic, currency, holder_name,
         balance_account_id, status, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        a.id,
        a.merchantId,
        a.customerId,
        a.requestId,
        a.iban,
        a.bic,
        a.currency,
        a.holderName,
        a.balanceAccountId,
        a.status,
        a.createdAt,
      ],
    );
  },

  async accounts(c: Tx, o: Owner): Promise<AccountRow[]> {
    const { rows } = await c.query<AccountRow>(
      `select ${ACCOUNT_COLUMNS} from iban_accounts where merchant_id = $1 and customer_id = $2 order by created_at`,
      [o.merchantId, o.customerId],
    );
    return rows;
  },

  async account(c: Tx, o: Owner, id: string): Promise<AccountRow | undefined> {
    const { rows } = await c.query<AccountRow>(
      `select ${ACCOUNT_COLUMNS} from iban_accounts where merchant_id = $1 and customer_id = $2 and id = $3`,
      [o.merchantId, o.customerId, id],
    );
    return rows[0];
  },

  /**
   * The account of an IBAN the rail names (any customer: the rail knows only the number): its
   * merchant from iban_owners, then the account by its key, on that merchant's shard.
   */
  async accountByIban(c: Tx, iban: string): Promise<AccountRow | undefined> {
    const { rows } = await c.query<{ merchantId: string }>(
      `select merchant_id as "merchantId" from iban_owners where iban = $1`,
      [iban],
    );
    const owner = rows[0];
    return owner && ibanSql.merchantAccountByIban(c, owner.merchantId, iban);
  },

  /** The account of one of this merchant's IBANs, whichever customer's. */
  async merchantAccountByIban(c: Tx, merchantId: string, iban: string): Promise<AccountRow | undefined> {
    const { rows } = await c.query<AccountRow>(
      `select ${ACCOUNT_COLUMNS} from iban_accounts where merchant_id = $1 and iban = $2`,
      [merchantId, iban],
    );
    return rows[0];
  },

  async insertRecipient(c: Tx, r: RecipientRow): Promise<void> {
    await c.query(
      `insert into iban_recipients (id, merchant_id, customer_id, name, iban, bic, created_at)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [r.id, r.merchantId, r.customerId, r.name, r.iban, r.bic, r.createdAt],
    );
  },

  async recipients(c: Tx, o: Owner): Promise<RecipientRow[]> {
    const { rows } = await c.query<RecipientRow>(
      `select ${RECIPIENT_COLUMNS} from iban_recipients where merchant_id = $1 and customer_id = $2
       order by created_at desc`,
      [o.merchantId, o.customerId],
    );
    return rows;
  },

  async recipient(c: Tx, o: Owner, id: string): Promise<RecipientRow | undefined> {
    const { rows } = await c.query<RecipientRow>(
      `select ${RECIPIENT_COLUMNS} from iban_recipients where merchant_id = $1 and customer_id = $2 and id = $3`,
      [o.merchantId, o.customerId, id],
    );
    return rows[0];
  },

  async deleteRecipient(c: Tx, o: Owner, id: string): Promise<boolean> {
    const { rowCount } = await c.query(
      "delete from iban_recipients where merchant_id = $1 and customer_id = $2 and id = $3",
      [o.merchantId, o.customerId, id],
    );
    return rowCount === 1;
  },

  async insertTransfer(c: Tx, t: TransferRow): Promise<void> {
    await c.query(
      `insert into iban_transfers (id, merchant_id, customer_id, iban_id, kind, status, amount, fee, currency,
         counterparty_name, counterparty_iban, counterparty_bic, reference, return_reason, operation_id, pending_id,
         fee_pending_id, limit_reference, rail_id, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)`,
      [
        t.id,
        t.merchantId,
        t.customerId,
        t.ibanId,
        t.kind,
        t.status,
        String(t.amount),
        String(t.fee),
        t.currency,
        t.counterpartyName,
        t.counterpartyIban,
        t.counterpartyBic,
        t.reference,
        t.returnReason,
        t.operationId,
        t.pendingId,
        t.feePendingId,
        t.limitReference,
        t.railId,
        t.createdAt,
        t.updatedAt,
      ],
    );
  },

  /** An outgoing transfer by its id (the rail's reference), any merchant: the rail's callback names it. */
  /** The merchant's SEPA transfers out still PENDING that started before `before`, oldest first. */
  async pendingOutgoingBefore(
    c: Tx,
    merchantId: string,
    before: Date,
    limit: number,
  ): Promise<TransferRow[]> {
    const { rows } = await c.query<RawTransfer>(
      `select ${TRANSFER_COLUMNS} from iban_transfers
       where merchant_id = $1 and kind = 'SEPA_OUT' and status = 'PENDING' and created_at < $2
       order by created_at, id limit $3`,
      [merchantId, before, limit],
    );
    return rows.map(toTransfer);
  },

  /** One of the merchant's SEPA transfers out (another merchant's is not found). */
  async outgoingOf(c: Tx, merchantId: string, id: string): Promise<TransferRow | undefined> {
    const { rows } = await c.query<RawTransfer>(
      `select ${TRANSFER_COLUMNS} from iban_transfers where merchant_id = $1 and id = $2 and kind = 'SEPA_OUT'`,
      [merchantId, id],
    );
    return rows[0] && toTransfer(rows[0]);
  },

  async outgoing(c: Tx, id: string): Promise<TransferRow | undefined> {
    const { rows } = await c.query<RawTransfer>(
      `select ${TRANSFER_COLUMNS} from iban_transfers where id = $1 and kind = 'SEPA_OUT'`,
      [id],
    );
    return rows[0] && toTransfer(rows[0]);
  },

  async finishOutgoing(
    c: Tx,
    t: {
      merchantId: string;
      id: string;
      status: IbanTransferStatus;
      /** The rail's id; null when an operator failed it without the rail's word. */
      railId: string | null;
      returnReason: string | null;
    },
  ) {
    const { rowCount } = await c.query(
      `update iban_transfers set status = $3, rail_id = coalesce($4, rail_id), return_reason = $5, updated_at = now()
       where merchant_id = $1 and id = $2 and status = 'PENDING'`,
      [t.merchantId, t.id, t.status, t.railId, t.returnReason],
    );
    return rowCount === 1;
  },

  async transferPage(c: Tx, o: Owner & { ibanId: string; offset: number; size: number }) {
    const { rows } = await c.query<RawTransfer & { total: string }>(
      `select ${TRANSFER_COLUMNS}, count(*) over () as total from iban_transfers
       where merchant_id = $1 and customer_id = $2 and iban_id = $3
       order by created_at desc, id desc offset $4 limit $5`,
      [o.merchantId, o.customerId, o.ibanId, o.offset, o.size],
    );
    return { rows: rows.map(toTransfer), total: Number(rows[0]?.total ?? 0) };
  },
};
