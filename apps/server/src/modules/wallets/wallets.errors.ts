import { defineErrors } from "../../http/app-error.ts";

export const walletErrors = defineErrors({
  CURRENCY_NOT_OFFERED: { status: 400, errorId: 6001, message: "This currency is not offered." },
  WALLET_NOT_FOUND: { status: 404, errorId: 6002, message: "Wallet not found." },
});
