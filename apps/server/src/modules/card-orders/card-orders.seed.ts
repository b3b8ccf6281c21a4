import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
import type { NewPromoCodeRow, NewPriceRow as PriceSeed } from "./card-orders.repository.ts";

/** Card fees (spec §3): percents of card spending, as the card's terms show them. */
const fees = (clientMarkUpFee: string, supplierFee: string, vaultFee: string) => ({
  clientMarkUpFee,
  supplierFee,
  vaultFee,
});

/**
 * What cards cost (EUR cents): the demo merchant sells CP_1 virtual for 5 EUR and plastic for 15
 * plus 10 delivery, CP_2 a little dearer on a FLEX plan; Nimbus only CP_1 (its flags), on FIX.
 */
export function seedCardPrices(): PriceSeed[] {
  const row = (
    merchantId: string,
    program: string,
    cardType: "PLASTIC" | "VIRTUAL",
    price: bigint,
    delivery: bigint,
    plan: PriceSeed["plan"],
    f: ReturnType<typeof fees>,
  ): PriceSeed => ({ merchantId, program, cardType, currency: "EUR", price, delivery, plan, fees: f });
  return [
    row(DEMO_MERCHANT_ID, "CP_1", "VIRTUAL", 500n, 0n, "FIX", fees("1.00", "0.50", "0.25")),
    row(DEMO_MERCHANT_ID, "CP_1", "PLASTIC", 1500n, 1000n, "FIX", fees("1.00", "0.50", "0.25")),
    row(DEMO_MERCHANT_ID, "CP_2", "VIRTUAL", 900n, 0n, "FLEX", fees("1.50", "0.50", "0.50")),
    row(DEMO_MERCHANT_ID, "CP_2", "PLASTIC", 2500n, 1000n, "FLEX_WEEKLY", fees("1.50", "0.50", "0.50")),
    row(NIMBUS_MERCHANT_ID, "CP_1", "VIRTUAL", 700n, 0n, "FIX_CHO", fees("2.00", "0.50", "0.50")),
    row(NIMBUS_MERCHANT_ID, "CP_1", "PLASTIC", 2000n, 1200n, "FIX_CHO", fees("2.00", "0.50", "0.50")),
  ];
}

/** WELCOME10: 10 % off the card (not the delivery) at the demo merchant. */
export function seedCardPromoCodes(): NewPromoCodeRow[] {
  return [{ merchantId: DEMO_MERCHANT_ID, code: "WELCOME10", discountBps: 1000 }];
}
