import { v7 as uuidv7 } from "uuid";
import { type ClientSource, inTransaction } from "../../db/transaction.ts";
import { deriveAddress } from "../../providers/chain/address-derivation.ts";
import { type Chain, networkOf } from "../../providers/chain/chain-networks.ts";
import { type DepositAddress, depositAddressSql as sql } from "./deposit-addresses.repository.ts";

class AddressExists extends Error {}

/**
 * Deposit addresses: one per customer and chain (the ERC-20 tokens share the customer's
 * Ethereum address), derived from the merchant's account key at the next index of that chain.
 * Index and address commit together: an index is never given to two customers, and a customer's
 * concurrent first requests end with one address (the loser rolls back, its index unused).
 */
export function createDepositAddresses(deps: {
  db: ClientSource;
  /**
   * Whether a chain provider carries the currency here (providers/party-coverage.ts): an address
   * of a currency nobody follows would take payments no one credits, so none is handed out.
   */
  carries?: (currency: string) => boolean;
}) {
  const { db } = deps;
  const carries = deps.carries ?? (() => true);

  async function create(merchantId: string, customerId: string, chain: Chain): Promise<string | undefined> {
    try {
      return await inTransaction(db, async (c) => {
        const key = await sql.takeNextIndex(c, merchantId, chain);
        if (!key) return undefined;
        const address = deriveAddress(chain, key.extendedPublicKey, key.index);
        const row = { id: uuidv7(), merchantId, customerId, chain, address, derivationIndex: key.index };
        if (!(await sql.insert(c, row))) throw new AddressExists();
        return address;
      });
    } catch (err) {
      if (!(err instanceof AddressExists)) throw err;
      const existing = await db.withClient((c) => sql.listForCustomer(c, merchantId, customerId));
      return existing.find((a) => a.chain === chain)?.address;
    }
  }

  return {
    /**
     * The customer's deposit address of each of these currencies (by currency: the ERC-20 tokens
     * share their chain's), created on first use. A chain the merchant has no key for has none,
     * nor a currency no chain provider carries here (its chain's address may serve another).
     */
    async addressesFor(merchantId: string, customerId: string, currencies: readonly string[]) {
      const carried = currencies.flatMap((c) => {
        const network = carries(c) ? networkOf(c) : undefined;
        return network ? [network] : [];
      });
      const byCurrency = new Map<string, string>();
      if (carried.length === 0) return byCurrency;
      const byChain = new Map<Chain, string>();
      for (const a of await db.withClient((c) => sql.listForCustomer(c, merchantId, customerId))) {
        byChain.set(a.chain, a.address);
      }
      for (const { chain, currency } of carried) {
        const address = byChain.get(chain) ?? (await create(merchantId, customerId, chain));
        if (!address) continue;
        byChain.set(chain, address);
        byCurrency.set(currency, address);
      }
      return byCurrency;
    },

    async addressFor(merchantId: string, customerId: string, chain: Chain): Promise<string | undefined> {
      const existing = await db.withClient((c) => sql.listForCustomer(c, merchantId, customerId));
      return existing.find((a) => a.chain === chain)?.address ?? create(merchantId, customerId, chain);
    },

    /** The customer an address (in canonical form) belongs to, of any merchant. */
    findOwner(chain: Chain, address: string): Promise<DepositAddress | undefined> {
      return db.withClient((c) => sql.findByAddress(c, chain, address));
    },
  };
}

export type DepositAddresses = ReturnType<typeof createDepositAddresses>;
