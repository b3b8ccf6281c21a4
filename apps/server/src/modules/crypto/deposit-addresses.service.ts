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
export function createDepositAddresses(deps: { db: ClientSource }) {
  const { db } = deps;

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
     * The customer's address on the chain of each of these currencies, created on first use;
     * a chain the merchant has no key for has none.
     */
    async addressesFor(merchantId: string, customerId: string, currencies: readonly string[]) {
      const chains = new Set(currencies.flatMap((c) => networkOf(c)?.chain ?? []));
      const byChain = new Map<Chain, string>();
      if (chains.size === 0) return byChain;
      for (const a of await db.withClient((c) => sql.listForCustomer(c, merchantId, customerId))) {
        byChain.set(a.chain, a.address);
      }
      for (const chain of chains) {
        if (byChain.has(chain)) continue;
        const address = await create(merchantId, customerId, chain);
        if (address) byChain.set(chain, address);
      }
      return byChain;
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
