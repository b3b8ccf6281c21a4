import { insertPricesIfMissing } from "../modules/card-orders/card-orders.repository.ts";
import { seedCardPrices, seedCardPromoCodes } from "../modules/card-orders/card-orders.seed.ts";
import { insertOperationsIfMissingSql } from "../modules/catalog/catalog.repository.ts";
import { seedOperations } from "../modules/catalog/catalog.seed.ts";
import { seedChainAccountKeys } from "../modules/crypto/chain-keys.seed.ts";
import { insertAccountKeysIfMissing } from "../modules/crypto/deposit-addresses.repository.ts";
import { createDepositsRepository } from "../modules/deposits/deposits.repository.ts";
import { seedDepositTemplates } from "../modules/deposits/deposits.seed.ts";
import { ibanSql } from "../modules/iban/iban.repository.ts";
import { seedIbanPrograms } from "../modules/iban/iban.seed.ts";
import { insertLimitsIfMissingSql } from "../modules/kyc/kyc-limits.repository.ts";
import { seedKycLimits } from "../modules/kyc/kyc-limits.seed.ts";
import { seedMerchantContent } from "../modules/merchants/merchant-content.seed.ts";
import { createMerchantsRepository } from "../modules/merchants/merchants.repository.ts";
import { seedMerchants } from "../modules/merchants/merchants.seed.ts";
import { insertQuotePairsIfMissing } from "../modules/quotes/quotes.repository.ts";
import { seedQuotePairs } from "../modules/quotes/quotes.seed.ts";
import type { Db } from "./database.ts";
import { clientSourceFromPool } from "./transaction.ts";

/** Seeds the demo merchant and the second white-label merchant. Safe to run at every start. */
export async function seedDatabase(db: Db): Promise<void> {
  const merchants = createMerchantsRepository({ db: clientSourceFromPool(db.$client) });
  for (const merchant of seedMerchants()) await merchants.insertIfMissing(merchant);
  await merchants.insertContentIfMissing(seedMerchantContent());
  await insertOperationsIfMissingSql(db.$client, seedOperations());
  await insertLimitsIfMissingSql(db.$client, seedKycLimits());
  await insertAccountKeysIfMissing(db, seedChainAccountKeys());
  await insertQuotePairsIfMissing(db, seedQuotePairs());
  await createDepositsRepository(db).insertTemplatesIfMissing(seedDepositTemplates());
  await insertPricesIfMissing(db, seedCardPrices(), seedCardPromoCodes());
  await ibanSql.insertProgramsIfMissing(db.$client, seedIbanPrograms());
}
