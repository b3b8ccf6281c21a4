// The verification page and the limits page both rank the KYC levels: spec §3 knows two.
// More than KYC_2 allows is a limit-increase request (docs/kyc.md "Levels"), not a level.
const LEVELS = ["KYC_0", "KYC_2"] as const;
export const levelRank = (level: string) => LEVELS.indexOf(level as (typeof LEVELS)[number]);
/** The level after `level`, or undefined at the top. */
export const nextLevel = (level: string): string | undefined =>
  levelRank(level) < 0 ? undefined : LEVELS[levelRank(level) + 1];
