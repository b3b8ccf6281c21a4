import type { Config } from "../../config.ts";
import type { ClientSource } from "../../db/transaction.ts";
import { commonErrors } from "../../http/app-error.ts";
import type { AcquirerProvider } from "./acquirer-provider.ts";
import { createSandboxAcquirer, type SandboxAcquirer } from "./sandbox-acquirer.ts";

/**
 * The card acquirer: the sandbox in sandbox mode; no production adapter is written yet, so
 * outside sandbox mode card payments are refused with 503 instead of pretending to charge.
 */
export function createAcquirer(
  config: Pick<Config, "sandbox" | "publicBaseUrl" | "secrets">,
  db: ClientSource,
): { acquirer: AcquirerProvider; sandboxAcquirer?: SandboxAcquirer } {
  if (config.sandbox) {
    const sandboxAcquirer = createSandboxAcquirer({
      db,
      secret: config.secrets.callback,
      publicBaseUrl: config.publicBaseUrl,
      callbackDelaySeconds: 1,
      lateCallbackSeconds: 12,
      payoutDelaySeconds: 3,
    });
    return { acquirer: sandboxAcquirer, sandboxAcquirer };
  }
  const unavailable = async (): Promise<never> => {
    throw commonErrors.create("SERVICE_UNAVAILABLE", {
      message: "Card payments are not available right now. Please try again later.",
    });
  };
  return {
    acquirer: { tokenise: unavailable, authorise: unavailable, capture: unavailable, payout: unavailable },
  };
}
