import { addFeatureTexts } from "./feature-texts.ts";

/** English texts of /earn, loaded with the screen's code. The earn rules are spec §4's words. */
export const enEarn = {
  earn: {
    title: "Earn",
    intro: "Put money aside in a deposit and earn interest every day.",
    yourDeposits: "Your deposits",
    total: "Total",
    profit: "Profit",
    empty: "You have no open deposits yet.",
    rates: "Rates",
    yearlyRate: "Rate a year",
    ratesCaption: "Yearly interest rates by currency and duration",
    open: "Open a deposit",
    currency: "Currency",
    type: "Type",
    duration: "Duration",
    months_one: "{{count}} month",
    months_other: "{{count}} months",
    amount: "Amount",
    bounds: "From {{min}} to {{max}}",
    available: "Available: {{amount}}",
    rate: "{{percents}}% a year",
    continue: "Continue",
    // The spec's rule (§4) in customer words: the type's name, never its code (issue 47).
    rules: {
      FIX: "A fixed deposit pays its profit at expiry; closing it early returns the principal without profit.",
      FLEX: "A flexible deposit lets you take profit at any time; closing it early returns the principal with profit.",
    },
    simulator: {
      title: "Fixed or flexible?",
      amount: "Amount to compare",
      hint: "Enter an amount to compare what each pays back.",
      closeAfter: "Close after",
      atMaturity: "At expiry",
      onEarlyClose: "Closed after {{months}}",
      notOffered: "Not offered for this duration",
    },
    confirm: {
      title: "Confirm your deposit",
      amount: "Amount",
      type: "Type",
      rate: "Interest",
      expiry: "Expiry date",
      payback: "Paid back at expiry",
      button: "Open deposit",
      edit: "Change",
    },
    opened: { title: "Deposit opened", description: "Your deposit earns interest from today." },
    deposit: {
      principal: "Principal",
      profit: "Profit so far",
      expiry: "Expires on {{date}}",
      close: "Close",
    },
    close: {
      title: "Close this deposit?",
      youReceive: "You receive",
      button: "Close deposit",
      keep: "Keep it",
    },
    closed: { title: "Deposit closed", description: "The money is back in your {{currency}} wallet." },
    errors: {
      amount: "Enter an amount",
      bounds: "The amount must be between {{min}} and {{max}}",
      balance: "There is not enough money in your wallet.",
    },
  },
};

addFeatureTexts(enEarn);
