import type { FeatureFlagsRow, NewBannerRow, NewFaqRow } from "./merchants.repository.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "./merchants.seed.ts";

// Fixed ids keep seeding idempotent (insert if missing) and let tests name a seeded row.
const bannerId = (n: number) => `0193a9e0-0001-7000-8000-${String(n).padStart(12, "0")}`;
const faqId = (n: number) => `0193a9e0-0002-7000-8000-${String(n).padStart(12, "0")}`;
const asset = (slug: string, file: string) => `/merchant-assets/${slug}/${file}`;

type BannerSeed = Omit<NewBannerRow, "merchantId" | "locale">;
const bannersOf = (merchantId: string, banners: BannerSeed[]): NewBannerRow[] =>
  banners.map((b) => ({ ...b, merchantId, locale: "en" }));

type FaqSeed = Pick<NewFaqRow, "question" | "answer">;
const faqOf = (merchantId: string, firstId: number, entries: FaqSeed[]): NewFaqRow[] =>
  entries.map((f, i) => ({ ...f, id: faqId(firstId + i), sort: i + 1, merchantId, locale: "en" }));

const demoBanners = bannersOf(DEMO_MERCHANT_ID, [
  {
    id: bannerId(1),
    position: "right",
    sort: 1,
    title: "Let your crypto earn",
    text: "Open a fixed or flexible deposit in a few taps. Flexible deposits let you take your profit at any time.",
    imageUrl: asset("demo", "banner-earn.svg"),
    link: "/earn",
  },
  {
    id: bannerId(2),
    position: "right",
    sort: 2,
    title: "A card for your balance",
    text: "Order a virtual card for online shopping today, or a plastic card delivered to your door.",
    imageUrl: asset("demo", "banner-card.svg"),
    link: "/cards/order",
  },
  {
    id: bannerId(3),
    position: "bottom",
    sort: 1,
    title: "Send money by phone number",
    text: "Friends with a Kestrel Wallet account get it instantly, worldwide, with no fees.",
    imageUrl: asset("demo", "banner-send.svg"),
    link: "/send/phone",
  },
]);

const nimbusBanners = bannersOf(NIMBUS_MERCHANT_ID, [
  {
    id: bannerId(101),
    position: "right",
    sort: 1,
    title: "The Nimbus card",
    text: "Spend your crypto anywhere cards are accepted with a Nimbus virtual or plastic card.",
    imageUrl: asset("nimbus", "banner-card.svg"),
    link: "/cards/order",
  },
  {
    id: bannerId(102),
    position: "bottom",
    sort: 1,
    title: "Top up by bank card",
    text: "Add funds with the card you already have and start exchanging in minutes.",
    imageUrl: null,
    link: "/top-up/card",
  },
]);

const demoFaq = faqOf(DEMO_MERCHANT_ID, 1, [
  {
    question: "What is a wallet, and which currencies can I hold?",
    answer:
      "Your account has a separate wallet for each currency we support: Bitcoin, Ether, Tether, USD Coin, Litecoin and TRON, plus euro and US dollar balances. Add funds by bank card or by sending crypto from another wallet, and exchange between currencies whenever you like.",
  },
  {
    question: "What fees do you charge?",
    answer:
      "Sending money to another customer by phone number is free. Card top-ups, exchanges and withdrawals show their fee on the confirmation screen before you confirm, so you always see the total first. Crypto withdrawals also carry the network's own fee, which goes to the network. The bank behind a card payment may add up to 2%.",
  },
  {
    question: "Why do I need to verify my identity?",
    answer:
      "Anti-money-laundering rules require us to know who our customers are. Verification takes a few minutes: you photograph an identity document and take a selfie. Until you are verified, withdrawals and some other operations stay unavailable; once verified, your limits go up.",
  },
  {
    question: "How do I get a payment card?",
    answer:
      "Open Cards and choose Order a card. A virtual card is ready for online payments as soon as it is issued; a plastic card is posted to the address you give us and activated in the app. You pay for the card from your crypto balance and can top it up from crypto at any time.",
  },
  {
    question: "How do you keep my account secure?",
    answer:
      "Your password is never stored in readable form, and signing in on a new device needs a code we send to your phone. Card details are shown only after you confirm it is you, and you can block a card instantly in the app. We will never ask for your password or an SMS code by phone or email.",
  },
]);

const nimbusFaq = faqOf(NIMBUS_MERCHANT_ID, 101, [
  {
    question: "Which cards does Nimbus Pay offer?",
    answer:
      "Nimbus Pay issues one card programme, as a virtual card or as a plastic card delivered to you. Withdrawals to an external bank card are not offered.",
  },
  {
    question: "Who do I contact if something goes wrong?",
    answer:
      "Use the support chat in the app. Tell us what you were doing and, if you saw one, the request id from the error message, and we will look into it.",
  },
]);

/** Banners, FAQ and feature flags of the two seeded merchants (white-label differences on purpose). */
export function seedMerchantContent(): {
  banners: NewBannerRow[];
  faq: NewFaqRow[];
  featureFlags: FeatureFlagsRow[];
} {
  return {
    banners: [...demoBanners, ...nimbusBanners],
    faq: [...demoFaq, ...nimbusFaq],
    featureFlags: [
      { merchantId: DEMO_MERCHANT_ID, level: "ALL", allowed: [] },
      // Nimbus: CP_1 only, no IBAN, card pay-in but no card payout.
      {
        merchantId: NIMBUS_MERCHANT_ID,
        level: "FULL",
        allowed: ["CP_1_PLASTIC", "CP_1_VIRTUAL", "CP_1_PLASTIC_DELIVERY", "CARD_PAYIN"],
      },
    ],
  };
}
