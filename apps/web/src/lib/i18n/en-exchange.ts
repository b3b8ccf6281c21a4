import { addFeatureTexts } from "./feature-texts.ts";

/** English texts of the exchange screen, loaded with the screen's code. The spec gives none of its own. */
export const enExchange = {
  exchange: {
    from: "From",
    to: "To",
    youPay: "You pay",
    youReceive: "You receive",
    chooseWallet: "Choose a wallet",
    search: "Search",
    searchEmpty: "Nothing matches your search.",
    locked: "Unavailable",
    available: "Available {{amount}}",
    bounds: "From {{min}} to {{max}}",
    notEnough: "There is not enough money in your wallet.",
    max: "Max",
    swap: "Swap the currencies",
    rate: "Rate",
    rateValue: "1 {{from}} = {{rate}} {{to}}",
    fees: "Fees",
    feeTotal: "Fee amount",
    TransactionFee: "Transaction fee",
    AdditionalFee: "Additional fee",
    arrives: "You receive",
    validFor: "The rate is valid for {{time}}",
    renewing: "Updating the rate…",
    continue: "Continue",
    confirmTitle: "Confirm the exchange",
    edit: "Edit",
    confirm: "Exchange",
    exchanging: "Exchanging…",
    successTitle: "Exchange completed",
    date: "Date",
    done: "Done",
    noWallets: "You have no wallets to exchange from yet.",
    noPairs: "Exchange is not available for your wallets yet.",
    loadError: "We couldn't load the exchange.",
    retry: "Try again",
  },
} as const;

addFeatureTexts(enExchange);
