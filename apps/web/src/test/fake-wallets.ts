import type { Wallet, Wallets } from "../lib/wallets/wallet-queries.ts";

/** One wallet as GET /v3/wallets lists it; tests change what they need. */
export function wallet(over: Partial<Wallet> = {}): Wallet {
  return {
    id: "0b0c7d3e-8f4a-4b1e-9a2d-3c4e5f6a7b8c",
    name: "Bitcoin",
    currency: "BTC",
    scale: 8,
    balance: "0.01500000",
    balanceString: "0.01500000",
    availableBalance: "0.01400000",
    walletCreationState: "READY",
    address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    pattern: null,
    network: "BTC",
    networkName: "Bitcoin",
    requiredConfirmations: 2,
    addressUnavailableReason: null,
    allowOperations: [],
    fiat: { customerCurrency: "EUR", amount: "900.00", rate: "60000.00" },
    createdAt: "2026-11-01T10:00:00.000Z",
    ...over,
  };
}

export const USDT = {
  id: "1b0c7d3e-8f4a-4b1e-9a2d-3c4e5f6a7b8c",
  name: "Tether USD",
  currency: "USDT",
  scale: 6,
  balance: "250.000000",
  balanceString: "250.000000",
  availableBalance: "250.000000",
  address: "0x52908400098527886E0F7030069857D2E4169EE7",
  network: "ERC20",
  networkName: "Ethereum (ERC-20)",
  requiredConfirmations: 12,
  fiat: { customerCurrency: "EUR", amount: "230.00", rate: "0.92" },
} as const;

export function wallets(list: Wallet[] = [wallet(), wallet(USDT)], total = "1130.00"): Wallets {
  return { wallets: list, fiat: { customerCurrency: "EUR", total } };
}
