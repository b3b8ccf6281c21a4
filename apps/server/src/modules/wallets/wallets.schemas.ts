import { z } from "zod";

export const walletSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    currency: z.string(),
    scale: z.number().int(),
    balance: z.string().describe("Decimal string, the currency's scale"),
    balanceString: z.string().describe("Same as balance (the reference API's string field)"),
    availableBalance: z.string().describe("Balance less reserved money"),
    walletCreationState: z.enum(["NEW", "GETTING", "READY"]),
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
