import { toDecimalString } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import { type ClientSource, inTransaction } from "../../db/transaction.ts";
import type { BankRail } from "../../providers/bank/bank-provider.ts";
import type { CatalogService } from "../catalog/index.ts";
import type { Customer, CustomersService } from "../customers/index.ts";
import type { LedgerService } from "../ledger/index.ts";
import type { Merchant, MerchantsService } from "../merchants/index.ts";
import { ibanErrors } from "./iban.errors.ts";
import {
  type AccountRow,
  type InfoRow,
  ibanSql,
  type ProgramRow,
  type RequestRow,
} from "./iban.repository.ts";
import { type IbanStatus, ibanDisplayStatus } from "./iban-display-status.ts";
import { isEuResident, openSteps, type RequiredInfoKind } from "./iban-eligibility.ts";

export type Owner = { merchant: Merchant; customerId: string };
const key = (o: Owner) => ({ merchantId: o.merchant.id, customerId: o.customerId });

/**
 * The IBAN order (spec §2 steps About, Identity verification, Additional information, Billing
 * address): who may order (the merchant's IBAN flag and bank program, residence in the EU), the
 * answers, the open steps, and the issue by the bank rail once none is left.
 */
export function createIbanOrders(deps: {
  db: ClientSource;
  merchants: Pick<MerchantsService, "features">;
  catalog: Pick<CatalogService, "assertOperationAllowed">;
  customers: Pick<CustomersService, "getCustomer" | "saveAnswers">;
  ledger: LedgerService;
  bank: BankRail;
  now: () => Date;
}) {
  const read = <T>(fn: (c: Parameters<Parameters<ClientSource["withClient"]>[0]>[0]) => Promise<T>) =>
    deps.db.withClient(fn);

  /**
   * The merchant's bank program whatever its flag says now: the terms (fee, bounds) an account
   * already issued keeps for its withdrawals.
   */
  const bankProgram = (merchantId: string) => read((c) => ibanSql.program(c, merchantId));

  /** The merchant's bank program when its IBAN flag is on (spec §3 feature flags), else undefined. */
  async function programOf(merchant: Merchant): Promise<ProgramRow | undefined> {
    const features = await deps.merchants.features(merchant.id);
    const flag = features.cardPrograms.CP_1.iban || features.cardPrograms.CP_2.iban;
    return flag ? bankProgram(merchant.id) : undefined;
  }

  const assertResident = (customer: Customer) => {
    if (!isEuResident(customer.residenceCountry))
      throw ibanErrors.create("COUNTRY_NOT_ELIGIBLE", { field: "residenceCountry" });
  };

  /**
   * Refuses new IBAN business (a new recipient, money exchanged in) while the merchant does not
   * offer IBANs or the customer no longer lives in the EU. What an issued account already holds is
   * not new business: it stays in sight and may be withdrawn (docs/iban.md, "Who may have one").
   */
  async function requireOffered(o: Owner): Promise<{ program: ProgramRow; customer: Customer }> {
    const program = await programOf(o.merchant);
    if (!program) throw ibanErrors.create("IBAN_NOT_OFFERED");
    const customer = await deps.customers.getCustomer(o.merchant.id, o.customerId);
    assertResident(customer);
    return { program, customer };
  }

  /** Refuses an order call the customer may not make: not offered, catalog, not an EU resident. */
  async function requireOrderable(o: Owner): Promise<{ program: ProgramRow; customer: Customer }> {
    const program = await programOf(o.merchant);
    if (!program) throw ibanErrors.create("IBAN_NOT_OFFERED");
    const customer = await deps.customers.getCustomer(o.merchant.id, o.customerId);
    await deps.catalog.assertOperationAllowed({
      merchantId: o.merchant.id,
      operationType: "IBAN",
      kycLevel: customer.kycLevel,
      kycStatus: customer.kycStatus,
    });
    assertResident(customer);
    return { program, customer };
  }

  /** Why the customer may not order an IBAN now (the list says it in words), or null. */
  function unavailability(program: ProgramRow | undefined, customer: Customer) {
    type Reason = "NOT_OFFERED" | "COUNTRY_NOT_ELIGIBLE" | "PROFILE_INCOMPLETE";
    const because = (reason: Reason, message: string) => ({ reason, message });
    if (!program) return because("NOT_OFFERED", ibanErrors.specs.IBAN_NOT_OFFERED.message);
    if (!customer.residenceCountry)
      return because(
        "PROFILE_INCOMPLETE",
        "Complete your profile first: IBAN accounts depend on your country of residence.",
      );
    if (!isEuResident(customer.residenceCountry))
      return because("COUNTRY_NOT_ELIGIBLE", ibanErrors.specs.COUNTRY_NOT_ELIGIBLE.message);
    return null;
  }

  function statusOf(
    account: AccountRow | undefined,
    steps: RequiredInfoKind[],
    customer: Customer,
  ): IbanStatus {
    if (account) return account.status;
    if (customer.kycStatus === "REJECTED") return "ACTION_NEEDED";
    return steps.length === 0 ? "IN_PROGRESS" : "COLLECTION";
  }

  /**
   * Issues the customer's open order once no step is left: the bank opens the account (once per
   * order, however often asked), the IBAN's EUR ledger account is opened, then one transaction
   * records the account and marks the order issued. A concurrent issue finds the order issued
   * and changes nothing (the ledger account it opened stays empty and unreferenced).
   */
  async function issueIfReady(o: Owner, program: ProgramRow, customer: Customer): Promise<void> {
    const request = await read((c) => ibanSql.liveRequest(c, key(o)));
    if (request?.status !== "OPEN") return;
    const info = await read((c) => ibanSql.info(c, key(o)));
    if (openSteps({ kycLevel: customer.kycLevel, info: info ?? null }).length > 0) return;
    const holderName = `${customer.firstName ?? ""} ${customer.lastName ?? ""}`.trim();
    const opened = await deps.bank.openAccount({
      reference: request.id,
      country: program.country,
      bankCode: program.bankCode,
      bic: program.bic,
      holderName,
    });
    await deps.ledger.ensureHouseAccounts({ merchantId: o.merchant.id, currency: "EUR" });
    const balance = await deps.ledger.openCustomerAccount({
      merchantId: o.merchant.id,
      ownerId: o.customerId,
      kind: "iban_balance",
      currency: "EUR",
    });
    await inTransaction(deps.db, async (tx) => {
      const locked = await ibanSql.request(tx, key(o), request.id, true);
      if (locked?.status !== "OPEN") return;
      await ibanSql.insertAccount(tx, {
        id: uuidv7(),
        merchantId: o.merchant.id,
        customerId: o.customerId,
        requestId: request.id,
        iban: opened.iban,
        bic: opened.bic,
        currency: "EUR",
        holderName,
        balanceAccountId: balance.id,
        status: "ACTIVE",
        createdAt: deps.now(),
      });
      await ibanSql.setRequestStatus(tx, o.merchant.id, request.id, "OPEN", "ISSUED");
    });
  }

  async function requestView(o: Owner, request: RequestRow, customer: Customer) {
    const info = await read((c) => ibanSql.info(c, key(o)));
    const steps = openSteps({ kycLevel: customer.kycLevel, info: info ?? null });
    const accounts = await read((c) => ibanSql.accounts(c, key(o)));
    const account = accounts.find((a) => a.requestId === request.id);
    return {
      id: request.id,
      status: statusOf(account, account ? [] : steps, customer),
      additionalStatuses: account ? [] : steps,
    };
  }

  /** After each answer: issue when nothing is left. */
  async function advance(o: Owner) {
    const { program, customer } = await requireOrderable(o);
    await issueIfReady(o, program, customer);
  }

  return {
    bankProgram,
    programOf,
    requireOffered,
    requireOrderable,

    async personalInfo(o: Owner) {
      await requireOrderable(o);
      const info = await read((c) => ibanSql.info(c, key(o)));
      return infoView(info);
    },

    async savePersonalInfo(
      o: Owner,
      body: {
        isUsRelated: boolean;
        taxCountry: string;
        taxId: string;
        estimatedMonthlyTurnoverRange: string;
        usRelatedPerson?: string | undefined;
        incomeSources: string[];
        additionalSources?: string | undefined;
      },
    ) {
      await requireOrderable(o);
      const answer = {
        isUsRelated: body.isUsRelated,
        usRelatedPerson: body.isUsRelated ? (body.usRelatedPerson ?? null) : null,
        incomeSources: [...new Set(body.incomeSources)],
        additionalSources: body.additionalSources ?? null,
        estimatedMonthlyTurnoverRange: body.estimatedMonthlyTurnoverRange,
        taxCountry: body.taxCountry,
        taxId: body.taxId.toUpperCase(),
      };
      // The order's answer and the customer's stored one (prefilled elsewhere) commit together.
      await inTransaction(deps.db, async (tx) => {
        await ibanSql.saveInfo(tx, key(o), answer);
        await deps.customers.saveAnswers(tx, o.merchant.id, o.customerId, { questionnaire: answer });
      });
      await advance(o);
      return { result: "ok" as const };
    },

    async saveAddress(
      o: Owner,
      a: {
        country: string;
        city: string;
        address1: string;
        address2?: string | undefined;
        zipCode: string;
        state?: string | undefined;
      },
    ) {
      await requireOrderable(o);
      await inTransaction(deps.db, async (tx) => {
        await ibanSql.saveInfo(tx, key(o), {
          billingCountry: a.country,
          billingCity: a.city,
          billingAddress1: a.address1,
          billingAddress2: a.address2 ?? null,
          billingZipCode: a.zipCode,
          billingState: a.state ?? null,
        });
        await deps.customers.saveAnswers(tx, o.merchant.id, o.customerId, {
          billingAddress: {
            country: a.country,
            city: a.city,
            address: a.address1,
            address2: a.address2 ?? null,
            postalCode: a.zipCode,
            state: a.state ?? null,
          },
        });
      });
      await advance(o);
      return { result: "ok" as const };
    },

    /**
     * POST /v2/iban/iban-requests: starts an order, or answers the unfinished one so the flow
     * resumes where it stopped. An issued account: 409 (one IBAN per customer).
     */
    async createRequest(o: Owner) {
      const { program, customer } = await requireOrderable(o);
      const live = await read((c) => ibanSql.liveRequest(c, key(o)));
      if (live?.status === "ISSUED") throw ibanErrors.create("IBAN_REQUEST_ALREADY_OPEN");
      const request =
        live ??
        (await read((c) => ibanSql.insertRequest(c, { id: uuidv7(), ...key(o) }, deps.now()))) ??
        (await read((c) => ibanSql.liveRequest(c, key(o))));
      if (!request) throw new Error("iban request vanished");
      await issueIfReady(o, program, customer);
      const current = (await read((c) => ibanSql.request(c, key(o), request.id))) ?? request;
      return requestView(o, current, customer);
    },

    /**
     * GET /v2/iban/iban-requests/{id}/cancel: an open order only; an issued one is refused (409).
     * An order call: refused while the merchant does not offer IBANs (the order is out of sight).
     */
    async cancelRequest(o: Owner, id: string) {
      if (!(await programOf(o.merchant))) throw ibanErrors.create("IBAN_NOT_OFFERED");
      const request = await read((c) => ibanSql.request(c, key(o), id));
      if (!request) throw ibanErrors.create("IBAN_REQUEST_NOT_FOUND");
      if (request.status === "CANCELLED") return { result: "ok" as const };
      const cancelled = await read((c) =>
        ibanSql.setRequestStatus(c, o.merchant.id, id, "OPEN", "CANCELLED"),
      );
      if (!cancelled) throw ibanErrors.create("IBAN_REQUEST_NOT_CANCELLABLE");
      return { result: "ok" as const };
    },

    /**
     * GET /v2/iban/list: eligibility, the live order with its open steps, the issued IBAN. A
     * customer who may not order one (any more) still sees an account already issued, with its
     * balance: whatever changed since (the merchant's flag, their residence), they never lose
     * sight of their money. An unfinished order is not shown then: it cannot go on.
     */
    async list(o: Owner) {
      const [program, customer] = await Promise.all([
        programOf(o.merchant),
        deps.customers.getCustomer(o.merchant.id, o.customerId),
      ]);
      const unavailable = unavailability(program, customer);
      // A verification approved since the last answer may have closed the last step.
      if (program && !unavailable) await issueIfReady(o, program, customer).catch(() => undefined);
      const [request, info, accounts, balances] = await Promise.all([
        read((c) => ibanSql.liveRequest(c, key(o))),
        read((c) => ibanSql.info(c, key(o))),
        read((c) => ibanSql.accounts(c, key(o))),
        deps.ledger.listCustomerAccounts({
          merchantId: o.merchant.id,
          ownerId: o.customerId,
          kind: "iban_balance",
        }),
      ]);
      const ibans = request ? [request] : [];
      const items = ibans
        .map((r) => {
          const account = accounts.find((a) => a.requestId === r.id);
          const steps = account ? [] : openSteps({ kycLevel: customer.kycLevel, info: info ?? null });
          const status = statusOf(account, steps, customer);
          const ledger = account ? balances.find((b) => b.id === account.balanceAccountId) : undefined;
          return {
            id: account?.id ?? null,
            ibanRequestId: r.id,
            status,
            // An issued account's status speaks for itself; the order's review only before it.
            displayStatus: ibanDisplayStatus(
              status,
              account ? {} : { openSteps: steps, kycStatus: customer.kycStatus },
            ),
            additionalStatuses: steps,
            iban: account?.iban ?? null,
            bic: account?.bic ?? null,
            holderName: account?.holderName ?? null,
            currency: "EUR" as const,
            balance: toDecimalString(ledger?.balance ?? 0n, "EUR"),
            availableBalance: toDecimalString(ledger?.available ?? 0n, "EUR"),
            createdAt: (account?.createdAt ?? r.createdAt).toISOString(),
          };
        })
        .filter((i) => !unavailable || i.iban !== null);
      const first = items[0];
      if (unavailable && !first) {
        return {
          status: "UNAVAILABLE" as const,
          displayStatus: ibanDisplayStatus("UNAVAILABLE"),
          eligible: false,
          ...unavailable,
          ibans: [],
        };
      }
      const status: IbanStatus = first?.status ?? "NONE";
      return {
        status,
        displayStatus: first?.displayStatus ?? ibanDisplayStatus("NONE"),
        eligible: !unavailable,
        reason: unavailable?.reason ?? null,
        message: unavailable?.message ?? null,
        ibans: items,
      };
    },
  };
}

function infoView(info: InfoRow | undefined) {
  const hasAddress = info?.billingCountry && info.billingCity && info.billingAddress1 && info.billingZipCode;
  return {
    isUsRelated: info?.isUsRelated ?? null,
    usRelatedPerson: info?.usRelatedPerson ?? null,
    incomeSources: info?.incomeSources ?? [],
    additionalSources: info?.additionalSources ?? null,
    estimatedMonthlyTurnoverRange: info?.estimatedMonthlyTurnoverRange ?? null,
    taxCountry: info?.taxCountry ?? null,
    taxId: info?.taxId ?? null,
    billingAddress:
      info && hasAddress
        ? {
            country: info.billingCountry as string,
            city: info.billingCity as string,
            address1: info.billingAddress1 as string,
            address2: info.billingAddress2,
            zipCode: info.billingZipCode as string,
            state: info.billingState,
          }
        : null,
  };
}

export type IbanOrders = ReturnType<typeof createIbanOrders>;
