import { z } from "zod";

const walletSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    currency: z.string(),
    scale: z.number().int(),
    balance: z.string().describe("Decimal string, the currency's scale"),
    balanceString: z.string().describe("Same as balance (the reference API's string field)"),
    availableBalance: z.string().describe("Balance less reserved money"),
    walletCreationState: z
      .enum(["NEW", "GETTING", "READY"])
      .describe("READY once the deposit address exists (made on the first list); GETTING: ask again"),
    address: z.string().describe('The deposit address on `network`; "" for fiat or when not offered'),
    pattern: z.string().nullable().describe("Regular expression of the network's address shape"),
    network: z.string().nullable().describe("BTC, ERC20, LTC, TRC20 (the catalog's networks); null for fiat"),
    networkName: z.string().nullable(),
    requiredConfirmations: z.number().int().nullable().describe("Before a deposit is credited"),
    addressUnavailableReason: z.string().nullable(),
    allowOperations: z.array(z.string()),
    fiat: z.object({
      customerCurrency: z.string(),
      amount: z.string().describe("Balance in the customer's fiat currency at the mid rate"),
      rate: z.string(),
    }),
    createdAt: z.string(),
  })
  .meta({ id: "Wallet" });

export const walletsResponse = z
  .object({
    wallets: z.array(walletSchema),
    fiat: z.object({ customerCurrency: z.string(), total: z.string() }),
  })
  .meta({ id: "Wallets" });

export const openWalletsBody = z
  .object({
    currencies: z
      .array(z.string().regex(/^[A-Z]{2,6}$/, "must be currency codes"))
      .min(1, "must name at least one currency")
      .max(20),
  })
  .strict();

export const balanceHistoryQuery = z.object({
  days: z.coerce
    .number()
    .int("must be a whole number of days")
    .min(1, "must be at least 1")
    .max(90, "must be at most 90")
    .default(30)
    .describe("How many UTC days, today included (1 to 90)"),
});

export const balanceHistoryResponse = z
  .object({
    currency: z.string().describe("The merchant's display (fiat) currency"),
    valuedAt: z.string().describe("When the rates every day is valued at were read (now)"),
    days: z.array(
      z.object({
        date: z.string().describe("A UTC day, YYYY-MM-DD, oldest first; the last is today so far"),
        total: z
          .string()
          .describe("Decimal string: the wallets' posted balances at the day's close, at today's mid rates"),
      }),
    ),
  })
  .meta({ id: "BalanceHistory" });
