import type pg from "pg";
import { insertPricesIfMissingSql } from "../modules/card-orders/card-orders.repository.ts";
import { seedCardPrices, seedCardPromoCodes } from "../modules/card-orders/card-orders.seed.ts";
import { insertOperationsIfMissingSql } from "../modules/catalog/catalog.repository.ts";
import { seedOperations } from "../modules/catalog/catalog.seed.ts";
import { seedChainAccountKeys } from "../modules/crypto/chain-keys.seed.ts";
import { insertAccountKeysIfMissingSql } from "../modules/crypto/deposit-addresses.repository.ts";
import { depositsSql } from "../modules/deposits/deposits.repository.ts";
import { seedDepositTemplates } from "../modules/deposits/deposits.seed.ts";
import { ibanSql } from "../modules/iban/iban.repository.ts";
import { seedIbanPrograms } from "../modules/iban/iban.seed.ts";
import { insertLimitsIfMissingSql } from "../modules/kyc/kyc-limits.repository.ts";
import { seedKycLimits } from "../modules/kyc/kyc-limits.seed.ts";
import { createMerchantsRepository } from "../modules/merchants/index.ts";
import { seedMerchantContent } from "../modules/merchants/merchant-content.seed.ts";
import { seedMerchants } from "../modules/merchants/merchants.seed.ts";
import { insertQuotePairsIfMissingSql } from "../modules/quotes/quotes.repository.ts";
import { seedQuotePairs } from "../modules/quotes/quotes.seed.ts";
import { clientSourceFromPool } from "./transaction.ts";

/** Seeds the demo merchant and the second white-label merchant. Safe to run at every start. */
export async function seedDatabase(pool: pg.Pool): Promise<void> {
  const merchants = createMerchantsRepository({ db: clientSourceFromPool(pool) });
  for (const merchant of seedMerchants()) await merchants.insertIfMissing(merchant);
  await merchants.insertContentIfMissing(seedMerchantContent());
  await insertOperationsIfMissingSql(pool, seedOperations());
  await insertLimitsIfMissingSql(pool, seedKycLimits());
  await insertAccountKeysIfMissingSql(pool, seedChainAccountKeys());
  await insertQuotePairsIfMissingSql(pool, seedQuotePairs());
  await depositsSql.insertTemplatesIfMissing(pool, seedDepositTemplates());
  await insertPricesIfMissingSql(pool, seedCardPrices(), seedCardPromoCodes());
  await ibanSql.insertProgramsIfMissing(pool, seedIbanPrograms());
}
