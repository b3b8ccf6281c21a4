import { sandboxAccountKeys } from "../../providers/chain/sandbox-account-keys.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
import type { NewAccountKey } from "./deposit-addresses.repository.ts";

/**
 * The seeded merchants' account keys: one account of the sandbox seed each (demo 0, Nimbus 1),
 * so their customers' addresses never coincide.
 */
export function seedChainAccountKeys(): NewAccountKey[] {
  return [
    ...sandboxAccountKeys(0).map((k) => ({ merchantId: DEMO_MERCHANT_ID, ...k })),
    ...sandboxAccountKeys(1).map((k) => ({ merchantId: NIMBUS_MERCHANT_ID, ...k })),
  ];
}
