/**
 * English defaults: the spec's texts word for word. Keys are `<area>.<item>`; a merchant overrides
 * any of them through `/web/screens`, whose `texts` object uses the same dotted keys
 * (e.g. `{ "modal.maintenance.title": "Back soon" }`).
 *
 * Texts the spec does not give (operation reasons, a few labels) are kept short and neutral so
 * that a merchant can replace them.
 */
export const en = {
  app: {
    loading: "Loading",
    skipToContent: "Skip to main content",
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
    signIn: "Sign in",
    signUp: "Sign up",
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
  },
  home: {
    quickActions: "Quick actions",
  },
  operations: {
    addFunds: "Add funds",
    send: "Send",
    exchange: "Exchange",
    withdraw: "Withdraw",
    cards: "Cards",
    earn: "Earn",
    iban: "IBAN",
    reason: {
      NONE: "Not available",
      KYC_REQUIRED: "Verify your identity to use this",
      KYC_VERIFYING: "Available once your verification is approved",
      KYC_REJECTED: "Not available: verification was rejected",
      NOT_PAID: "Not available until the payment is made",
      MAINTENANCE: "Under maintenance",
      DISABLED: "Not available",
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
    maintenance: { title: "Taking a quick pit stop", button: "Got it" },
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
  notification: {
    success: "Done!",
    error: "Sorry for inconvenience. We're fixing the issue. If you have urgent questions, contact support",
    dismiss: "Dismiss",
  },
  layout: {
    banners: "Promotions",
    faq: "FAQ",
    support: "Support",
    documents: "Documents",
    social: "Social media",
  },
} as const;

/** The shape every locale must have; merchant overrides are partial and flat. */
export type Texts = typeof en;
