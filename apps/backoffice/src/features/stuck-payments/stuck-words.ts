/** The page's words for the server's outcomes (docs/backoffice.md "Stuck payments"). */
export type StuckOutcome = "COMPLETED" | "FAILED" | "STILL_PENDING" | "ALREADY_FINAL" | "NO_ANSWER";

/** What an action came to, in a sentence an operator acts on. */
export function outcomeText(action: "ask-again" | "fail", outcome: StuckOutcome): string {
  switch (outcome) {
    case "COMPLETED":
      return "The provider says it went through: the payment is completed.";
    case "FAILED":
      return action === "fail"
        ? "The payment is failed and the money held for it is back with the customer."
        : "The provider says it failed: the payment is failed and the money held for it is back with the customer.";
    case "STILL_PENDING":
      return "The provider has no final answer yet: the payment stays pending.";
    case "ALREADY_FINAL":
      return "It was settled already (by the provider or another operator): nothing moved now.";
    case "NO_ANSWER":
      return "The provider could not answer for this payment. Fail it only once the provider confirms it will not complete.";
  }
}

/** "2 h", "1 day": an expected time in minutes as a person says it. */
export function duration(minutes: number): string {
  if (minutes % (24 * 60) === 0) return `${minutes / (24 * 60)} day${minutes === 24 * 60 ? "" : "s"}`;
  if (minutes % 60 === 0) return `${minutes / 60} h`;
  return `${minutes} min`;
}
