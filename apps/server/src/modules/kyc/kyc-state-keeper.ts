import type { KycStatus } from "../../db/schema/index.ts";
import { type ClientSource, inTransaction, type Tx } from "../../db/transaction.ts";
import type { Customer, CustomersService } from "../customers/index.ts";
import {
  type ApplicationRow,
  type KycRepository,
  type LimitRequestRow,
  listApplicationsSql,
  listLimitRequestsSql,
  lockCustomerStateSql,
  saveStateSql,
} from "./kyc.repository.ts";
import { type Level, workOutState } from "./kyc-state.ts";

/** A change's work, in the transaction `tx` that holds the customer's KYC lock. */
export type StateChange<T> = (ctx: {
  tx: Tx;
  customer: Customer;
  applications: ApplicationRow[];
  limitRequests: LimitRequestRow[];
}) => Promise<T>;

/**
 * Keeps a customer's level and status equal to what their applications say. Every change runs
 * under the customer's lock; afterwards the state is worked out again, stored, and mirrored on
 * the customer (which tokens and the operations catalog read) before the lock is released, so
 * concurrent changes reach the customer row in the order they were applied.
 */
export function createKycStateKeeper(deps: {
  db: ClientSource;
  repository: KycRepository;
  customers: Pick<CustomersService, "getCustomer" | "updateCustomer">;
  /**
   * Told after a change that moved the level has committed (money waiting for the customer may
   * be theirs now: modules/claims). Its failure is not the change's: it is ignored here, and
   * whoever listens has its own way to catch up.
   */
  onLevelChanged?: (merchantId: string, customerId: string) => Promise<void>;
}) {
  const { repository, customers } = deps;

  return {
    /** Level and status now (for a customer who never started: KYC_0, NONE). */
    async read(merchantId: string, customerId: string) {
      const [customer, applications, limitRequests] = await Promise.all([
        customers.getCustomer(merchantId, customerId),
        repository.listApplications(merchantId, customerId),
        repository.listLimitRequests(merchantId, customerId),
      ]);
      return { customer, applications, limitRequests, ...workOutState(applications, limitRequests) };
    },

    async change<T>(merchantId: string, customerId: string, work: StateChange<T>): Promise<T> {
      const key = { merchantId, customerId, initial: { level: "KYC_0", status: "NONE" as KycStatus } };
      let levelMoved = false;
      const changed = await inTransaction(deps.db, async (tx) => {
        await lockCustomerStateSql(tx, key);
        // Read again under the lock, in the transaction: the mirror below compares against the
        // row as it is now, and writes it in the same transaction (never on a second connection
        // while this one holds the lock: the level commits with the applications or not at all).
        const customer = await customers.getCustomer(merchantId, customerId, tx);
        const result = await work({
          tx,
          customer,
          applications: await listApplicationsSql(tx, merchantId, customerId),
          limitRequests: await listLimitRequestsSql(tx, merchantId, customerId),
        });
        const next = workOutState(
          await listApplicationsSql(tx, merchantId, customerId),
          await listLimitRequestsSql(tx, merchantId, customerId),
        );
        await saveStateSql(tx, merchantId, customerId, next);
        await mirror(customer, next, tx);
        levelMoved = customer.kycLevel !== next.level;
        return result;
      });
      if (levelMoved) await deps.onLevelChanged?.(merchantId, customerId).catch(() => undefined);
      return changed;
    },
  };

  async function mirror(customer: Customer, next: { level: Level; status: KycStatus }, tx: Tx) {
    if (customer.kycLevel === next.level && customer.kycStatus === next.status) return;
    await customers.updateCustomer(
      customer.merchantId,
      customer.id,
      { kycLevel: next.level, kycStatus: next.status },
      tx,
    );
  }
}

export type KycStateKeeper = ReturnType<typeof createKycStateKeeper>;
