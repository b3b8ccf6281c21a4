import type { ClientSource } from "../../db/transaction.ts";
import type { AuthService } from "../auth/auth.service.ts";
import type { Codes } from "../auth/auth.types.ts";
import type { ClaimsService } from "../claims/claims.service.ts";
import type { CryptoService } from "../crypto/crypto.service.ts";
import type { CustomersService } from "../customers/customers.service.ts";
import type { HistoryService } from "../history/history.service.ts";
import type { KycService } from "../kyc/kyc.service.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import type { RatesService } from "../rates/rates.service.ts";
import type { WalletsService } from "../wallets/wallets.service.ts";
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
