import type { ClientSource } from "../../db/transaction.ts";
import type { AuthService, Codes } from "../auth/index.ts";
import type { ClaimsService } from "../claims/index.ts";
import type { CryptoService } from "../crypto/index.ts";
import type { CustomersService } from "../customers/index.ts";
import type { HistoryService } from "../history/index.ts";
import type { KycService } from "../kyc/index.ts";
import type { LedgerService } from "../ledger/index.ts";
import type { RatesService } from "../rates/index.ts";
import type { WalletsService } from "../wallets/index.ts";
import { createSendConfirmation } from "./send-confirmation.ts";
import { createSendDestinations } from "./send-destination.ts";
import { createSendLimits } from "./send-limits.ts";
import { createSendPreview } from "./send-preview.service.ts";
import { createSendToAddress } from "./send-to-address.service.ts";
import { createSendToPhone } from "./send-to-phone.service.ts";

/** Sending money: by phone (TRANSFER_MOBILE) and to an address (PAYOUT_CRYPTO), with previews. */
export function createSendService(deps: {
  db: ClientSource;
  auth: AuthService;
  ledger: LedgerService;
  wallets: WalletsService;
  customers: CustomersService;
  history: HistoryService;
  kyc: KycService;
  rates: RatesService;
  crypto: CryptoService;
  claims: ClaimsService;
  codes: Codes;
  /** Sends worth more than this (merchant's fiat, decimal string) need an SMS code. */
  confirmationThreshold: string;
}) {
  const limits = createSendLimits({ kyc: deps.kyc, rates: deps.rates });
  const destinations = createSendDestinations({ addresses: deps.crypto.addresses, chain: deps.crypto.chain });
  const confirmation = createSendConfirmation({ codes: deps.codes, threshold: deps.confirmationThreshold });
  const toPhone = createSendToPhone({ ...deps, limits });
  const toAddress = createSendToAddress({
    ...deps,
    addresses: deps.crypto.addresses,
    withdrawals: deps.crypto.withdrawals,
    destinations,
    limits,
    confirmation,
  });
  const preview = createSendPreview({ ...deps, destinations, limits });
  return {
    sendToPhone: toPhone.send,
    sendToAddress: toAddress.send,
    fee: preview.fee,
    validate: preview.validate,
  };
}
