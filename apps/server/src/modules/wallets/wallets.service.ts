import { type CurrencyCode, getCurrency, isCurrencyCode, toDecimalString } from "@kestrel/money";
import { createBoundedCache } from "../../bounded-cache.ts";
import { ADDRESS_PATTERNS } from "../../providers/chain/address-validation.ts";
import { networkOf } from "../../providers/chain/chain-networks.ts";
import type { Account, LedgerService } from "../ledger/index.ts";
import type { Merchant } from "../merchants/index.ts";
import { convertMinor, type QuotedRate, type RatesService, rateToString } from "../rates/index.ts";
import { walletErrors } from "./wallets.errors.ts";

/** What a wallet can do today (a currency on a chain: receive and send to addresses too). */
const OPERATIONS = {
  chain: ["TRANSFER_MOBILE", "PAYIN_CRYPTO", "PAYOUT_CRYPTO"],
  crypto: ["TRANSFER_MOBILE"],
  fiat: ["TRANSFER_MOBILE"],
} as const;

/**
 * A customer's wallets: one ledger account (kind customer_wallet) per currency, and for a
 * currency on a chain the customer's deposit address, created on the first list (inline: the
 * list answers READY with the address; GETTING is for an address still being made elsewhere).
 */
export function createWalletsService(deps: {
  ledger: LedgerService;
  rates: RatesService;
  /**
   * The customer's deposit address per currency (crypto's deposit addresses). Declared here, not
   * imported: crypto composes this service, so wallets cannot depend on crypto.
   */
  addresses: {
    addressesFor(
      merchantId: string,
      customerId: string,
      currencies: readonly string[],
    ): Promise<Map<string, string>>;
  };
  /** M of a currency on its configured node; undefined: the product's network table's. */
  confirmationsOf?: (currency: CurrencyCode) => number | undefined;
}) {
  const { ledger } = deps;
  const walletIds = createBoundedCache<string, string>({ max: 100_000 });

  async function open(merchant: Merchant, customerId: string, currencies: string[]): Promise<Account[]> {
    for (const [i, code] of currencies.entries()) {
      if (!merchant.currencies.includes(code) || !isCurrencyCode(code)) {
        throw walletErrors.create("CURRENCY_NOT_OFFERED", {
          field: `currencies.${i}`,
          message: `${code} is not offered`,
        });
      }
    }
    const opened: Account[] = [];
    for (const code of new Set(currencies)) {
      opened.push(
        await ledger.openCustomerAccount({
          merchantId: merchant.id,
          ownerId: customerId,
          kind: "customer_wallet",
          currency: code,
        }),
      );
    }
    return opened;
  }

  /** The customer's wallets, opening the merchant's default set the first time. */
  async function listWallets(merchant: Merchant, customerId: string) {
    let accounts = await ledger.listCustomerAccounts({
      merchantId: merchant.id,
      ownerId: customerId,
      kind: "customer_wallet",
    });
    if (accounts.length === 0) accounts = await open(merchant, customerId, merchant.currencies);
    const fiat = merchant.fiatCurrency as CurrencyCode;
    const at = new Date();
    const order = (a: Account) => merchant.currencies.indexOf(a.currency);
    const addresses = await deps.addresses.addressesFor(
      merchant.id,
      customerId,
      accounts.map((a) => a.currency),
    );
    const wallets = accounts
      .sort((a, b) => order(a) - order(b))
      .map((a) => toView(a, fiat, deps.rates, at, addresses, deps.confirmationsOf));
    const total = wallets.reduce((sum, w) => sum + w.fiatMinor, 0n);
    return {
      wallets: wallets.map(({ fiatMinor: _minor, ...w }) => w),
      fiat: { customerCurrency: fiat, total: toDecimalString(total, fiat) },
    };
  }

  return {
    listWallets,

    /**
     * The customer's total over the last `days` UTC days (today so far last), each day's closing
     * balances from the ledger valued at today's mid rates in the merchant's fiat currency: the
     * line shows what the holdings did, not the market (historic rates are not stored).
     */
    async balanceHistory(merchant: Merchant, customerId: string, days: number, now = new Date()) {
      const fiat = merchant.fiatCurrency as CurrencyCode;
      const closes = await ledger.walletBalancesByDay({
        merchantId: merchant.id,
        ownerId: customerId,
        days,
        now,
      });
      const rates = new Map<CurrencyCode, QuotedRate["mid"]>();
      const rateOf = (code: CurrencyCode) => {
        const known = rates.get(code);
        if (known) return known;
        const rate = deps.rates.quote(code, fiat, 0, now).mid;
        rates.set(code, rate);
        return rate;
      };
      return {
        currency: fiat,
        valuedAt: now.toISOString(),
        days: closes.map(({ day, balances }) => {
          let total = 0n;
          for (const [code, minor] of balances) total += convertMinor(minor, code, fiat, rateOf(code));
          return { date: day, total: toDecimalString(total, fiat) };
        }),
      };
    },

    /** Opens wallets (once per currency: an existing one is kept). */
    async openWallets(merchant: Merchant, customerId: string, currencies: string[]) {
      await open(merchant, customerId, currencies);
      return listWallets(merchant, customerId);
    },

    /** The customer's wallet of a currency, if they have one. */
    async findWallet(
      merchantId: string,
      customerId: string,
      currency: CurrencyCode,
    ): Promise<Account | undefined> {
      return ledger.findCustomerWallet({ merchantId, ownerId: customerId, currency });
    },

    /**
     * The ids of customers' wallets of a currency (the two parties of a send), by customer; absent:
     * not opened. A wallet's id never changes once opened, so ids are cached, and those not cached
     * are found in one query. Balances are never cached.
     */
    async findWalletIds(
      merchantId: string,
      customerIds: string[],
      currency: CurrencyCode,
    ): Promise<Map<string, string>> {
      const found = new Map<string, string>();
      const missing: string[] = [];
      for (const customerId of customerIds) {
        const cached = walletIds.get(`${merchantId}:${customerId}:${currency}`);
        if (cached) found.set(customerId, cached);
        else missing.push(customerId);
      }
      if (missing.length === 0) return found;
      const ids = await ledger.findCustomerWalletIds({ merchantId, ownerIds: missing, currency });
      for (const [customerId, id] of ids) {
        walletIds.set(`${merchantId}:${customerId}:${currency}`, id);
        found.set(customerId, id);
      }
      return found;
    },

    ensureWallet(merchantId: string, customerId: string, currency: CurrencyCode): Promise<Account> {
      return ledger.openCustomerAccount({
        merchantId,
        ownerId: customerId,
        kind: "customer_wallet",
        currency,
      });
    },
  };
}

export type WalletsService = ReturnType<typeof createWalletsService>;

function toView(
  a: Account,
  fiat: CurrencyCode,
  rates: RatesService,
  at: Date,
  /** The customer's deposit address by currency: none for a currency nobody receives here. */
  addresses: Map<string, string>,
  confirmationsOf: ((currency: CurrencyCode) => number | undefined) | undefined,
) {
  const currency = getCurrency(a.currency);
  if (!currency) throw new Error(`account ${a.id} has an unknown currency`);
  const network = networkOf(a.currency);
  const address = network ? addresses.get(a.currency) : undefined;
  const rate = rates.quote(a.currency, fiat, 0, at).mid;
  const fiatMinor = convertMinor(a.balance, a.currency, fiat, rate);
  const balance = toDecimalString(a.balance, a.currency);
  return {
    id: a.id,
    name: currency.name,
    currency: a.currency,
    scale: currency.scale,
    balance,
    balanceString: balance,
    availableBalance: toDecimalString(a.available, a.currency),
    walletCreationState: "READY" as const,
    address: address ?? "",
    pattern: network ? ADDRESS_PATTERNS[network.chain] : null,
    network: network?.network ?? null,
    networkName: network?.networkName ?? null,
    requiredConfirmations: network
      ? (confirmationsOf?.(a.currency as CurrencyCode) ?? network.confirmations)
      : null,
    addressUnavailableReason:
      network && !address ? `This merchant does not receive ${a.currency} on ${network.networkName}.` : null,
    allowOperations: [...OPERATIONS[address ? "chain" : currency.kind]],
    fiat: { customerCurrency: fiat, amount: toDecimalString(fiatMinor, fiat), rate: rateToString(rate) },
    createdAt: uuidv7Time(a.id).toISOString(),
    fiatMinor,
  };
}

/** A UUIDv7 starts with its creation time in milliseconds (48 bits). */
function uuidv7Time(id: string): Date {
  return new Date(Number.parseInt(id.replaceAll("-", "").slice(0, 12), 16));
}
