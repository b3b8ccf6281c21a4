// The verification page and the limits page both rank the KYC levels.
const LEVELS = ["NONE", "KYC_0", "KYC_1", "KYC_2", "KYC_3"] as const;
export const levelRank = (level: string) => LEVELS.indexOf(level as (typeof LEVELS)[number]);
/** The level after `level`, or undefined at the top. */
export const nextLevel = (level: string): string | undefined =>
  levelRank(level) < 0 ? undefined : LEVELS[levelRank(level) + 1];
export const isTopLevel = (level: string) => level === "KYC_3";
