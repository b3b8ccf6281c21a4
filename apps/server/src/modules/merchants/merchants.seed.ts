import { createHash, randomBytes } from "node:crypto";
import type { NewMerchantRow } from "./merchants.repository.ts";

/** Spec §6: access is blocked from these countries unless a merchant says otherwise. */
export const DEFAULT_BLOCKED_COUNTRIES = [
  "RU",
  "KR",
  "IR",
  "IQ",
  "AF",
  "SY",
  "CU",
  "PK",
  "PS",
  "HT",
  "LY",
  "MM",
  "PA",
  "SN",
  "SO",
  "SD",
];

const assets = (slug: string, file: string) => `/merchant-assets/${slug}/${file}`;

/** The basic client credential of a browser app is public by nature; stored hashed all the same. */
const DEMO_CLIENT = { id: "kestrel-demo-web", secret: "kestrel-demo-web-secret" };
const NIMBUS_CLIENT = { id: "nimbus-web", secret: "nimbus-web-secret" };

function hashClientSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** Fixed ids so links, tests and the sandbox console can name the seeded merchants. */
export const DEMO_MERCHANT_ID = "0193a9e0-0000-7000-8000-000000000001";
export const NIMBUS_MERCHANT_ID = "0193a9e0-0000-7000-8000-000000000002";

export function seedMerchants(): NewMerchantRow[] {
  return [
    {
      id: DEMO_MERCHANT_ID,
      slug: "demo",
      hosts: ["localhost", "127.0.0.1"],
      isDefault: true,
      title: "Kestrel Wallet",
      settings: {
        favicon: assets("demo", "favicon.svg"),
        horizontalImage: assets("demo", "logo.svg"),
        buttonColor1: "#1F5EFF",
        buttonColor2: "#0B3BC4",
        backgroundColor: "#F4F6FB",
        backgroundImage: null,
      },
      // No chat: 'Contact support' writes to this address.
      supportChatKey: null,
      supportEmail: "support@kestrel.example",
      supportUrl: null,
      social: [{ name: "X", url: "https://x.com/kestrel" }],
      cardPrograms: {
        CP_1: {
          name: "Kestrel Everyday",
          description: "A Visa card for shopping online and in shops, topped up from your crypto.",
        },
        CP_2: {
          name: "Kestrel Travel",
          description: "A second card with its own balance, for trips and subscriptions.",
        },
      },
      documents: [
        { key: "terms", title: "Terms and Conditions", url: assets("demo", "terms.html") },
        { key: "privacy", title: "Privacy Policy", url: assets("demo", "privacy.html") },
      ],
      textOverrides: {},
      referralCodeRequired: false,
      blockedCountries: DEFAULT_BLOCKED_COUNTRIES,
      currencies: ["BTC", "ETH", "USDT", "USDC", "LTC", "TRX", "EUR", "USD"],
      fiatCurrency: "EUR",
      homeCountry: "DE",
      clientId: DEMO_CLIENT.id,
      clientSecretHash: hashClientSecret(DEMO_CLIENT.secret),
      signingKey: randomBytes(32).toString("base64url"),
    },
    {
      id: NIMBUS_MERCHANT_ID,
      slug: "nimbus",
      hosts: ["nimbus.localhost"],
      isDefault: false,
      title: "Nimbus Pay",
      settings: {
        favicon: assets("nimbus", "favicon.svg"),
        horizontalImage: assets("nimbus", "logo.svg"),
        buttonColor1: "#0F7B5F",
        buttonColor2: "#0A5A45",
        backgroundColor: "#F3FAF7",
        backgroundImage: null,
      },
      // A chat at the vendor (the sandbox chat in sandbox mode), with a help page besides.
      supportChatKey: "nimbus-support",
      supportEmail: null,
      supportUrl: "https://help.nimbus.example/",
      social: [],
      cardPrograms: {
        CP_1: {
          name: "Nimbus Card",
          description: "Spend your crypto anywhere cards are accepted, virtual or plastic.",
        },
      },
      documents: [{ key: "terms", title: "Nimbus Terms of Use", url: assets("nimbus", "terms.html") }],
      // Keys of the web app's English texts (apps/web/src/lib/i18n/en.ts), replaced for this brand.
      textOverrides: {
        "home.quickActions": "What would you like to do?",
        "layout.banners": "Nimbus offers",
        "modal.maintenance.title": "Nimbus is getting a quick tune-up",
      },
      referralCodeRequired: true,
      blockedCountries: DEFAULT_BLOCKED_COUNTRIES,
      currencies: ["BTC", "ETH", "USDT", "EUR"],
      fiatCurrency: "EUR",
      homeCountry: "NL",
      clientId: NIMBUS_CLIENT.id,
      clientSecretHash: hashClientSecret(NIMBUS_CLIENT.secret),
      signingKey: randomBytes(32).toString("base64url"),
    },
  ];
}
