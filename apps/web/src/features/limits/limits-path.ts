/** The limits page's route (issue 6): per operation, what remains and what the next level unlocks. */
export const LIMITS_PATH = "/limits";
