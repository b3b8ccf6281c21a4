import type { Config } from "../../config.ts";
import type { ClientSource } from "../../db/transaction.ts";
import { commonErrors } from "../../http/app-error.ts";
import { standIn } from "../party-coverage.ts";
import type { AcquirerProvider } from "./acquirer-provider.ts";
import {
  createSandboxAcquirer,
  type SandboxAcquirer,
  type SandboxAcquirerOptions,
} from "./sandbox-acquirer.ts";

/**
 * How long the sandbox's 3-D Secure page waits for the customer before the acquirer declines:
 * 15 minutes, a common acquirer's session. One place for the server and the worker alike.
 */
const CHALLENGE_TIMEOUT_SECONDS = 15 * 60;

/** The sandbox acquirer's settings: the same in the server and in the worker's jobs. */
export function sandboxAcquirerOptions(
  config: Pick<Config, "publicBaseUrl" | "secrets">,
  db: ClientSource,
): SandboxAcquirerOptions {
  return {
    db,
    secret: config.secrets.callback,
    publicBaseUrl: config.publicBaseUrl,
    callbackDelaySeconds: 1,
    lateCallbackSeconds: 12,
    payoutDelaySeconds: 3,
    challengeTimeoutSeconds: CHALLENGE_TIMEOUT_SECONDS,
    // Like the acquirers it stands for: the address is checked (AVS) on pay-ins and payouts.
    billingAddressRequired: true,
  };
}

/**
 * The card acquirer: the sandbox in sandbox mode; no production adapter is written yet, so
 * outside sandbox mode card payments are refused with 503 instead of pretending to charge.
 */
export function createAcquirer(
  config: Pick<Config, "sandbox" | "publicBaseUrl" | "secrets">,
  db: ClientSource,
): { acquirer: AcquirerProvider; sandboxAcquirer?: SandboxAcquirer } {
  if (config.sandbox) {
    const sandboxAcquirer = createSandboxAcquirer(sandboxAcquirerOptions(config, db));
    return { acquirer: sandboxAcquirer, sandboxAcquirer };
  }
  const unavailable = async (): Promise<never> => {
    throw commonErrors.create("SERVICE_UNAVAILABLE", {
      message: "Card payments are not available right now. Please try again later.",
    });
  };
  return {
    acquirer: standIn({
      billingAddressRequired: true,
      tokenise: unavailable,
      authorise: unavailable,
      capture: unavailable,
      payout: unavailable,
    }),
  };
}
