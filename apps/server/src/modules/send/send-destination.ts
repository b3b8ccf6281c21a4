import type { CurrencyCode } from "@kestrel/money";
import { checkAddress } from "../../providers/chain/address-validation.ts";
import { CHAIN_NAMES, type CurrencyNetwork, networkOf } from "../../providers/chain/chain-networks.ts";
import type { ChainProvider } from "../../providers/chain/chain-provider.ts";
import type { DepositAddresses } from "../crypto/index.ts";
import type { Merchant } from "../merchants/index.ts";
import { sendErrors } from "./send.errors.ts";
import { type FeeBreakdown, feesFor, type TransactionType } from "./send-fees.ts";

export type AddressDestination = {
  network: CurrencyNetwork;
  /** Canonical form (lower-case bech32, EIP-55 checksummed hex). */
  address: string;
  transactionType: TransactionType;
  /** Set when the address is a deposit address of a customer of the same merchant. */
  recipientId: string | null;
};

/**
 * Where a send to an address goes: the address must be one of the currency's network (400
 * naming `address` otherwise); a deposit address of another customer of the same merchant makes
 * the send INTERNAL (an instant ledger transfer, no chain, no fee), anything else EXTERNAL.
 */
export function createSendDestinations(deps: {
  addresses: Pick<DepositAddresses, "findOwner">;
  chain: Pick<ChainProvider, "networkFee">;
}) {
  return {
    async resolve(merchant: Merchant, senderId: string, currency: CurrencyCode, input: string) {
      const network = networkOf(currency);
      if (!network) throw sendErrors.create("ADDRESS_NOT_AVAILABLE", { field: "currency" });
      const checked = checkAddress(network.chain, input);
      if (!checked.ok) {
        const name = CHAIN_NAMES[network.chain];
        throw checked.problem === "CHECKSUM"
          ? sendErrors.create("ADDRESS_CHECKSUM_INVALID", { field: "address" })
          : sendErrors.create("ADDRESS_INVALID", {
              field: "address",
              message: `This is not a ${name} address.`,
            });
      }
      const owner = await deps.addresses.findOwner(network.chain, checked.address);
      if (owner?.merchantId === merchant.id && owner.customerId === senderId) {
        throw sendErrors.create("CANNOT_SEND_TO_SELF", { field: "address" });
      }
      const internal = owner?.merchantId === merchant.id;
      return {
        network,
        address: checked.address,
        transactionType: internal ? "INTERNAL" : "EXTERNAL",
        recipientId: internal ? owner.customerId : null,
      } satisfies AddressDestination;
    },

    fees(destination: AddressDestination, amount: bigint): FeeBreakdown {
      const { currency } = destination.network;
      const networkFee = destination.transactionType === "EXTERNAL" ? deps.chain.networkFee(currency) : 0n;
      return feesFor(currency, amount, destination.transactionType, networkFee);
    },
  };
}

export type SendDestinations = ReturnType<typeof createSendDestinations>;
