import type { AllowedFlag, FeatureLevel } from "../../db/schema/index.ts";

export const CARD_PROGRAMS = ["CP_1", "CP_2"] as const;
export type CardProgram = (typeof CARD_PROGRAMS)[number];

type CardProgramFeatures = {
  plastic: boolean;
  virtual: boolean;
  plasticDelivery: boolean;
  iban: boolean;
};

/** What a merchant offers, worked out from its stored flags; later features ask this. */
export type MerchantFeatures = {
  level: FeatureLevel;
  cardPrograms: Record<CardProgram, CardProgramFeatures>;
  /** Programs with a plastic or a virtual card on offer (spec §6: per-merchant permissions). */
  enabledCardPrograms: CardProgram[];
  cardPayIn: boolean;
  cardPayout: boolean;
};

export type StoredFeatureFlags = { level: FeatureLevel; allowed: readonly AllowedFlag[] };

/** A merchant without a row offers nothing but verification: a new tenant starts switched off. */
export const NO_FEATURES: StoredFeatureFlags = { level: "KYC", allowed: [] };

export function resolveFeatures(stored: StoredFeatureFlags): MerchantFeatures {
  const on = (flag: AllowedFlag) =>
    stored.level === "ALL" || (stored.level === "FULL" && stored.allowed.includes(flag));
  const program = (p: CardProgram): CardProgramFeatures => ({
    plastic: on(`${p}_PLASTIC`),
    virtual: on(`${p}_VIRTUAL`),
    // Delivery only means something for a plastic card.
    plasticDelivery: on(`${p}_PLASTIC`) && on(`${p}_PLASTIC_DELIVERY`),
    iban: on(`${p}_IBAN`),
  });
  const cardPrograms = { CP_1: program("CP_1"), CP_2: program("CP_2") };
  return {
    level: stored.level,
    cardPrograms,
    enabledCardPrograms: CARD_PROGRAMS.filter((p) => cardPrograms[p].plastic || cardPrograms[p].virtual),
    cardPayIn: on("CARD_PAYIN"),
    cardPayout: on("CARD_PAYOUT"),
  };
}
