/**
 * English defaults: the spec's texts word for word. Keys are `<area>.<item>`; a merchant overrides
 * any of them through `/web/screens`, whose `texts` object uses the same dotted keys
 * (e.g. `{ "modal.maintenance.title": "Back soon" }`).
 *
 * Texts the spec does not give (operation reasons, a few labels) are kept short and neutral so
 * that a merchant can replace them.
 */

import type { enAnswers } from "./en-answers.ts";
import type { enCardFunding } from "./en-card-funding.ts";
import type { enCardPayments } from "./en-card-payments.ts";
import type { enCardSecurity } from "./en-card-security.ts";
import { enCards } from "./en-cards.ts";
import type { enClaimFlow } from "./en-claim-flow.ts";
import type { enClaims } from "./en-claims.ts";
import type { enEarn } from "./en-earn.ts";
import type { enExchange } from "./en-exchange.ts";
import type { enIban } from "./en-iban.ts";
import type { enSecurity } from "./en-security.ts";
import type { enStatements } from "./en-statements.ts";
import type { enStatus } from "./en-status.ts";
import { enWallets } from "./en-wallets.ts";
import { enWords } from "./en-words.ts";

export const en = {
  ...enWords,
  ...enWallets,
  ...enCards,
  app: {
    loading: "Loading",
    skipToContent: "Skip to main content",
    error: {
      title: "Something went wrong",
      message: "This page could not be shown. Reloading usually helps.",
      reload: "Reload",
    },
  },
  blocked: {
    title: "Oops",
    message: "We're sorry, but the website is unavailable in your country",
  },
  nav: {
    label: "Main",
    home: "Home",
    exchange: "Exchange",
    cards: "Cards",
    earn: "Earn",
    iban: "IBAN",
    history: "History",
  },
  profileMenu: {
    button: "Profile",
    verification: "Verification",
    referralCode: "Referral code",
    account: "Password and email",
    security: "Security",
    signOut: "Sign out",
  },
  pages: {
    home: "Home",
    signIn: "Sign in",
    signUp: "Sign up",
    resetPassword: "Reset password",
    referralCode: "Referral code",
    verification: "Verification",
    exchange: "Exchange",
    topUpCard: "Add funds by bank card",
    topUpReceive: "Add funds from another crypto wallet",
    withdrawCard: "Withdraw to a card",
    sendWallet: "Send to a wallet",
    sendPhone: "Send by phone number",
    iban: "IBAN accounts",
    ibanWithdrawBank: "Withdraw to a bank",
    cards: "Cards",
    cardsTopUpCrypto: "Top up a card from crypto",
    cardsOrder: "Order a card",
    earn: "Earn",
    history: "History",
    account: "Password and email",
    security: "Security",
    securityNotMe: "Secure your account",
  },
  account: {
    emailTitle: "Email",
    emailConfirmed: "{{email}} is confirmed.",
    emailUnconfirmed: "{{email}} is not confirmed yet. Open the link we sent to confirm it.",
    resend: "Resend the confirmation email",
    resent: "We sent a confirmation link to {{email}}.",
    noEmail: "You have not added an email.",
    passwordTitle: "Change password",
    currentPassword: "Current password",
    submit: "Change password",
    changed: "Your password is changed.",
  },
  home: {
    quickActions: "Quick actions",
    recent: "Recent operations",
    allHistory: "All history",
  },
  operations: {
    addFunds: "Add funds",
    send: "Send",
    exchange: "Exchange",
    withdraw: "Withdraw",
    cards: "Cards",
    earn: "Earn",
    iban: "IBAN",
    comingSoon: "Coming soon",
    kycRequired: {
      title: "Verify your identity",
      verify: "Verify now",
    },
    reason: {
      NONE: "Not available",
      KYC_REQUIRED: "Verify your identity to use this",
      KYC_VERIFYING: "Available once your verification is approved",
      KYC_REJECTED: "Not available: verification was rejected",
      NOT_PAID: "Not available until the payment is made",
      MAINTENANCE: "Under maintenance",
      DISABLED: "Not available",
      UNAVAILABLE: "Not available here yet",
    },
    /**
     * Each feature (catalog operation type) in the customer's words: the maintenance modal and the
     * status page name features with these, never with the catalog's codes or internal names.
     */
    names: {
      EXCHANGE: "Exchange",
      PAYIN_CARD: "Add funds by bank card",
      PAYIN_CRYPTO: "Add funds from another crypto wallet",
      PAYOUT_CARD: "Withdraw to a card",
      PAYOUT_CRYPTO: "Send to a wallet",
      TRANSFER_MOBILE: "Send by phone number",
      IBAN: "IBAN accounts",
      WITHDRAW_IBAN: "Withdraw to a bank",
      CARDS: "Cards",
      CARD_TOPUP_CRYPTO: "Top up a card from crypto",
      CARD_ORDER: "Order a card",
      DEPOSITS: "Earn",
      PAYIN: "Add funds",
      PAYOUT: "Withdraw",
      EXCHANGE_IBAN: "Exchange to IBAN",
      PAYIN_CARD_VALIDATION: "Bank card check",
      LAUNCHPAD_LOCK: "Launchpad",
      PAY_FOR_CARD: "Pay for a card",
      CARD_ISSUE_CP_1: "Issuing new cards",
      CARD_ISSUE_CP_2: "Issuing new cards (second card type)",
      CARD_ISSUE_CP_3: "Issuing new cards (third card type)",
      CARD_DELIVERY_CP_1: "Card delivery",
      CARD_DELIVERY_CP_2: "Card delivery (second card type)",
      CARD_DELIVERY_CP_3: "Card delivery (third card type)",
      CARD_PAYOUT_CP_1: "Withdrawals to your card",
      CARD_PAYOUT_CP_2: "Withdrawals to your card (second card type)",
      CARD_PAYOUT_CP_3: "Withdrawals to your card (third card type)",
      IB: "Internet banking",
      PAYIN_SKRILL: "Add funds with Skrill",
      PAYIN_ADVCASH: "Add funds with Advcash",
      /** A feature this version of the app has no words for yet. */
      other: "Another feature",
    },
  },
  addFunds: {
    title: "Add funds",
    viaBankCard: "Via bank card",
    viaCryptoWallets: "Via other crypto wallets",
  },
  send: {
    title: "Send",
    viaPhone: "Via phone number",
    viaPhoneHint: "No fees, instant, worldwide",
    toWallet: "To a wallet",
  },
  modal: {
    close: "Close",
    back: "Back",
    success: { title: "Success", button: "Done" },
    pending: { title: "Pending", button: "Done" },
    error: {
      title: "Something went wrong",
      message: "We couldn't process your request. Please try again.",
      button: "Try again",
    },
    maintenance: {
      title: "Taking a quick pit stop",
      button: "Got it",
      paused: "{{feature}} is paused for maintenance.",
      pausedUnnamed: "This feature is paused for maintenance.",
      whatToDo: "Your money is safe. Please try again in a little while; everything else works as usual.",
      statusLink: "See the status page",
    },
    increaseLimits: {
      title: "Increase limits",
      message: "Mobile only: Verification is available only in the mobile app.",
      button: "Got it",
    },
    support: { title: "Uh-oh!", button: "Contact support" },
    terms: { checkbox: "I have read and agree with the", button: "I have read and agree" },
    cancelOrder: {
      title: "Are you sure you want to cancel your order?",
      keep: "Nope, continue",
      confirm: "Cancel order",
    },
    sms: {
      title: "SMS confirmation",
      description: "Enter the 4-digit code from the SMS.",
      codeLabel: "SMS code",
      confirm: "Confirm",
      resend: "Resend code",
      resendIn: "Resend code in {{time}}",
    },
  },
  otp: {
    box: "Character {{index}} of {{count}}",
  },
  form: {
    show: "Show",
    hide: "Hide",
    showPassword: "Show {{field}}",
    loading: "Loading…",
  },
  priceChange: {
    changed: "The price has changed: now {{current}} (was {{previous}}).",
  },
  auth: {
    phone: {
      label: "Phone number",
      country: "Country calling code",
      invalid: "Phone number is not valid. Check the country code and the number.",
    },
    password: {
      label: "Password",
      newLabel: "New password",
      confirmLabel: "Confirm password",
      hint: "At least 6 characters, including a digit.",
      required: "Enter your password.",
      tooShort: "Password must be at least 6 characters long.",
      needsDigit: "Password must contain at least one digit.",
      mismatch: "Passwords don't match.",
    },
    terms: {
      agree: "I have read and agree with the",
      fallbackTitle: "Terms and Conditions",
      required: "Please accept the terms to continue.",
    },
    captcha: {
      verifying: "Verifying you're human…",
      verified: "Verified: you're human.",
      failed: "We couldn't verify you're human. Please try again.",
    },
    code: {
      title: "Enter the code",
      sentTo: "We sent a 4-digit code to {{phone}}.",
      label: "SMS code",
      confirm: "Confirm",
      resend: "Resend code",
      resendIn: "Resend code in {{time}}",
      resent: "We sent you a new code.",
      changePhone: "Change phone number",
    },
    retryIn: "You can try again in {{time}}.",
    signIn: {
      intro: "Welcome back! Sign in with your phone number.",
      submit: "Sign in",
      forgot: "Forgot password?",
      noAccount: "Don't have an account?",
      signUpLink: "Sign up",
      deviceTitle: "Confirm this device",
      deviceText: "You're signing in on a new device. We sent a 4-digit code to {{phone}}.",
    },
    signUp: {
      intro: "Create your account with your phone number.",
      step: "Step {{step}} of {{total}}",
      submit: "Create account",
      haveAccount: "Already have an account?",
      signInLink: "Sign in",
      confirmedTitle: "Phone number confirmed",
      confirmedText: "Your phone number is confirmed. Just a few more details to set up your account.",
      continue: "Continue",
      emailTitle: "Add your email",
      emailText: "We'll send you a link to confirm it. This step is optional.",
      emailLabel: "Email",
      emailInvalid: "Email is not valid, e.g. name@example.com.",
      emailSubmit: "Add email",
      emailSent: "We sent a confirmation link to {{email}}.",
      skip: "Skip for now",
    },
    referral: {
      title: "Got a referral code?",
      text: "If a friend invited you, enter their code here. This step is optional.",
      requiredText: "Enter the referral code you received to continue.",
      label: "Referral code",
      invalid: "Referral code must be 4 to 16 letters or digits.",
      submit: "Apply code",
      saved: "Your referral code {{code}} is saved.",
      continue: "Continue",
      notYou: "Not your account?",
      signOut: "Sign out",
    },
    reset: {
      step: "Step {{step}} of 3",
      phoneTitle: "Your phone number",
      phoneText: "Enter the phone number of your account and we'll text you a code.",
      sendCode: "Send code",
      newPasswordTitle: "Create a new password",
      submit: "Save password",
      backToSignIn: "Back to sign in",
    },
  },
  verification: {
    profileTitle: "Your details",
    profileText: "Tell us a little about yourself to start using your account.",
    firstName: "First name",
    lastName: "Last name",
    dateOfBirth: "Date of birth",
    residenceCountry: "Country of residence",
    residenceCity: "City",
    residenceStreet: "Street and house number",
    chooseCountry: "Choose a country",
    required: "{{field}} is required.",
    tooYoung: "You must be at least 18 years old.",
    invalidDate: "Date of birth is not a real date.",
    submit: "Save and continue",
    identityTitle: "Identity verification",
    verified: "Your identity is verified.",
    goHome: "Go to home",
    seeLimits: "See your limits",
    yourLevel: "Your level",
    // Two levels, no level 1 in between (docs/kyc.md "Levels"): say what moves a customer up.
    levelHint: "Verifying your identity moves you from Basic to Verified, with higher limits.",
    loadError: "We couldn't load your verification status.",
    retry: "Try again",
    state: {
      notStarted: "Not verified yet",
      notStartedText:
        "Verify your identity to send money and raise your limits. You'll need an identity document and a selfie.",
      inReview: "In review",
      inReviewText: "We're checking your documents. This usually takes a few minutes.",
      // The modal said "accepted" (spec §4): the same request, now being reviewed (issue 47).
      levelInReviewText:
        "We accepted your request for higher limits and are reviewing it. Our team will contact you.",
      approved: "Verified",
      rejected: "We couldn't verify your identity",
      levelRejected: "Your request for higher limits was declined",
      actionNeeded: "Please send new photos",
      noReason: "Please contact support to find out more.",
    },
    action: {
      verify: "Verify your identity",
      sendNew: "Send new photos",
      details: "See details",
      increase: "Increase limits",
    },
    widgetTitle: "Identity verification",
    underReview: {
      title: "Your request is under review",
      email: "We'll send a confirmation to {{email}} as soon as your identity is verified.",
      noEmail: "We'll send you a confirmation email as soon as your identity is verified.",
    },
    accepted: {
      title: "Your request has been accepted...",
      text: "Our team will contact you.",
    },
  },
  limits: {
    title: "Your limits",
    intro: "What you can still use at the {{level}} level. Amounts in {{currency}}.",
    loadError: "We couldn't load your limits.",
    retry: "Try again",
    empty: "There are no limits to show yet.",
    perTransaction: "Per transaction",
    daily: "24 hours",
    monthly: "30 days",
    left: "{{amount}} left",
    usedOf: "{{used}} used of {{limit}}",
    upTo: "Up to {{amount}}",
    notAvailable: "Not available at your level.",
    nextLevel: "The {{level}} level unlocks",
    nextLevelValues: "{{perTransaction}} per transaction, {{daily}} per 24 hours, {{monthly}} per 30 days",
    increase: "Increase limits",
  },
  notification: {
    success: "Done!",
    error: "Sorry for inconvenience. We're fixing the issue. If you have urgent questions, contact support",
    /** The words of `error` that open the merchant's support. */
    contactSupport: "contact support",
    dismiss: "Dismiss",
  },
  support: {
    chat: {
      title: "Support chat",
      frameTitle: "Chat with support",
      loading: "Connecting you to support…",
      close: "Close the chat",
    },
  },
  layout: {
    banners: "Promotions",
    faq: "FAQ",
    support: "Support",
    documents: "Documents",
    social: "Social media",
    socialLink: "{{network}} (opens in a new tab)",
  },
} as const;

/** The shape every locale must have; merchant overrides are partial and flat. */
/** Every text, the features' included (they load with their code: feature-texts.ts). */
export type Texts = typeof en &
  typeof enAnswers &
  typeof enCardFunding &
  typeof enCardPayments &
  typeof enCardSecurity &
  typeof enClaimFlow &
  typeof enClaims &
  typeof enEarn &
  typeof enExchange &
  typeof enIban &
  typeof enSecurity &
  typeof enStatements &
  typeof enStatus;
