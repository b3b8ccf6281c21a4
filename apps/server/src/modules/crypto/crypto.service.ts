import type { CurrencyCode } from "@kestrel/money";
import type { ClientSource, Tx } from "../../db/transaction.ts";
import type { ChainProvider } from "../../providers/chain/chain-provider.ts";
import type { HistoryService } from "../history/index.ts";
import type { LedgerService } from "../ledger/index.ts";
import type { WalletsService } from "../wallets/index.ts";
import { cryptoSql } from "./crypto.repository.ts";
import { createCryptoDeposits } from "./crypto-deposits.service.ts";
import { createCryptoWithdrawals } from "./crypto-withdrawals.service.ts";
import type { DepositAddresses } from "./deposit-addresses.service.ts";

/**
 * Crypto on chains (docs/crypto-wallets.md): deposit addresses, deposits credited after their
 * confirmations, withdrawals reserved, broadcast and settled; the chain is an outside party
 * that reports by signed notifications (chain-notifications.routes.ts).
 */
export function createCryptoService(deps: {
  db: ClientSource;
  ledger: LedgerService;
  wallets: WalletsService;
  history: HistoryService;
  addresses: DepositAddresses;
  chain: ChainProvider;
  releaseLimit: (tx: Tx, merchantId: string, reference: string) => Promise<unknown>;
  confirmationsOf?: (currency: CurrencyCode) => number | undefined;
}) {
  return {
    addresses: deps.addresses,
    chain: deps.chain,
    deposits: createCryptoDeposits(deps),
    withdrawals: createCryptoWithdrawals(deps),
    /** Where each network's block follower has got to (docs/chains.md), for /v2/status. */
    followers: () => deps.db.withClient((c) => cryptoSql.followerStates(c)),
  };
}

export type CryptoService = ReturnType<typeof createCryptoService>;
