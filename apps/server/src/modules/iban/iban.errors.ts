import { defineErrors } from "../../http/app-error.ts";

export const ibanErrors = defineErrors({
  IBAN_NOT_OFFERED: {
    status: 403,
    errorId: 12001,
    message: "IBAN accounts are not offered here.",
  },
  COUNTRY_NOT_ELIGIBLE: {
    status: 403,
    errorId: 12002,
    message:
      "IBAN accounts are available only to residents of the European Union. Your country of residence is not one of its 27 countries.",
  },
  IBAN_NOT_FOUND: { status: 404, errorId: 12003, message: "No such IBAN account." },
  IBAN_REQUEST_NOT_FOUND: { status: 404, errorId: 12004, message: "No such IBAN order." },
  RECIPIENT_NOT_FOUND: { status: 404, errorId: 12005, message: "No such recipient." },
  IBAN_REQUEST_ALREADY_OPEN: {
    status: 409,
    errorId: 12006,
    message: "You already have an IBAN order or account.",
  },
  IBAN_REQUEST_NOT_CANCELLABLE: {
    status: 409,
    errorId: 12007,
    message: "This IBAN order can no longer be cancelled: the account has been issued.",
  },
  INVALID_IBAN: { status: 400, errorId: 12008, message: "This IBAN is not valid. Please check it." },
  INVALID_BIC: { status: 400, errorId: 12009, message: "This BIC is not valid. Please check it." },
  IBAN_NOT_SEPA: {
    status: 400,
    errorId: 12010,
    message: "This IBAN is outside the SEPA area: transfers to it are not possible.",
  },
  AMOUNT_OUT_OF_RANGE: { status: 400, errorId: 12011, message: "The amount is outside the limits." },
  INSUFFICIENT_FUNDS: {
    status: 422,
    errorId: 5001,
    message: "There is not enough money on your IBAN account.",
  },
  IBAN_NOT_ACTIVE: { status: 409, errorId: 12012, message: "This IBAN account is not active." },
  CONFIRMATION_REQUIRED: {
    status: 403,
    errorId: 12013,
    message: "Enter the code we sent you by SMS to confirm this transfer.",
  },
  NOTIFICATION_SIGNATURE_INVALID: {
    status: 401,
    errorId: 12014,
    message: "The notification's signature is not valid.",
  },
});
