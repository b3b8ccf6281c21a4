/** Every route of spec §2 and the limits page (issue 6), named once for links, navigation and the router. */
export const ROUTES = {
  home: "/",
  signIn: "/sign-in",
  signUp: "/sign-up",
  resetPassword: "/reset-password",
  referralCode: "/referral-code",
  verification: "/verification",
  exchange: "/exchange",
  topUpCard: "/top-up/card",
  topUpReceive: "/top-up/receive",
  withdrawCard: "/withdraw/card",
  sendWallet: "/send/wallet",
  sendPhone: "/send/phone",
  iban: "/iban",
  ibanWithdrawBank: "/iban/withdraw/bank",
  cards: "/cards",
  cardsTopUpCrypto: "/cards/top-up/crypto",
  cardsOrder: "/cards/order",
  earn: "/earn",
  history: "/history",
  /** Issue 38: which features are paused or disrupted, since when; public. */
  status: "/status",
  /** Issue 6: per operation, what remains and what the next level unlocks. */
  limits: "/limits",
  /** Issue 23: password change and the email's confirmation. */
  account: "/account",
  /** Issue 38: devices and sessions, and the security events. */
  security: "/security",
  /** The new-device alert's "This wasn't me" link. */
  securityNotMe: "/security/not-me",
} as const;
