import { defineErrors } from "../../http/app-error.ts";

/** errorIds follow the reference API where it names the situation. */
export const authErrors = defineErrors({
  CUSTOMER_NOT_FOUND_EXCEPTION: {
    status: 404,
    errorId: 2,
    message: "We couldn't find an account with this phone number.",
  },
  SIGN_IN_LOCKED: {
    status: 429,
    errorId: 3,
    message: "Too many failed attempts. Please try again in 15 minutes.",
  },
  CUSTOMER_VERIFICATION_CODE_INCORRECT: { status: 400, errorId: 8, message: "The code is incorrect." },
  CUSTOMER_VERIFICATION_CODE_EXPIRED: {
    status: 400,
    errorId: 9,
    message: "The code has expired. Please request a new one.",
  },
  WRONG_LOGIN_OR_PASSWORD_EXCEPTION: { status: 401, errorId: 11, message: "Wrong phone number or password." },
  CUSTOMER_EXCEEDED_NUMBER_OF_PIN_ATTEMPTS: {
    status: 400,
    errorId: 53,
    message: "Too many wrong codes. Please request a new one.",
  },
  CUSTOMER_SMS_CODE_INCORRECT: { status: 400, errorId: 117, message: "The code is incorrect." },
  CUSTOMER_SMS_CODE_EXPIRED: {
    status: 400,
    errorId: 118,
    message: "The code has expired. Please request a new one.",
  },
  SMS_CODE_DELAY_NOT_REACHED: {
    status: 429,
    errorId: 157,
    message: "Please wait before requesting a new code.",
  },
  DEVICE_CONFIRMATION_REQUIRED: {
    status: 403,
    errorId: 307,
    message: "We sent a code to your phone to confirm this new device.",
  },
  SIGNATURE_INVALID: { status: 400, errorId: 320, message: "The request signature is not valid." },
  CAPTCHA_INVALID: { status: 400, errorId: 321, message: "Please complete the captcha again." },
  COUNTRY_BLOCKED_FOR_REGISTRATION: {
    status: 403,
    errorId: 0,
    message: "We're sorry, but the service is unavailable in your country.",
  },
  PHONE_PREFIX_BLOCKED_FOR_REGISTRATION: {
    status: 403,
    errorId: 322,
    message: "Phone numbers of this country cannot be registered.",
  },
  ACCOUNT_BLOCKED: {
    status: 403,
    errorId: 340,
    message: "Your account is blocked. Please contact support.",
  },
  INVALID_TOKEN: { status: 401, errorId: 0, message: "Your session has expired. Please sign in again." },
  EMAIL_ALREADY_SET: { status: 409, errorId: 168, message: "An email is already attached to this account." },
  EMAIL_TAKEN: { status: 409, errorId: 310, message: "This email is already used by another account." },
  EMAIL_LINK_INVALID: {
    status: 400,
    errorId: 311,
    message: "This confirmation link is invalid or has expired.",
  },
  EMAIL_NOT_SET: { status: 409, errorId: 312, message: "Add an email first." },
  REFERRAL_CODE_UNKNOWN: { status: 400, errorId: 330, message: "This referral code does not exist." },
  REFERRAL_CODE_ALREADY_SET: { status: 409, errorId: 331, message: "A referral code is already set." },
  CURRENT_PASSWORD_WRONG: { status: 400, errorId: 297, message: "The current password is wrong." },
  PASSWORD_UNCHANGED: {
    status: 400,
    errorId: 288,
    message: "The new password must differ from the current one.",
  },
});
