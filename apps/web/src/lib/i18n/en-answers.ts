import { addFeatureTexts } from "./feature-texts.ts";

/**
 * English texts of the questions asked once (issue 47): the personal questionnaire of the card and
 * IBAN orders and the billing address of those and of a pay-in card; loaded with their components.
 */
export const enAnswers = {
  answers: {
    prefilled: "We filled in your earlier answers. Check them and change anything that is no longer right.",
    questionnaire: {
      usRelated: "Are you a US citizen, US tax resident or otherwise related to the US?",
      yes: "Yes",
      no: "No",
      usRelatedPerson: "How are you related to the US?",
      incomeSources: "Sources of income",
      chooseIncome: "Choose at least one source of income",
      additionalSources: "Other sources of income (optional)",
      turnover: "Expected monthly turnover (EUR)",
      taxCountry: "Country of tax residence",
      taxId: "Tax identification number",
    },
    income: {
      scholarship: "Scholarship",
      loans: "Loans",
      legacy: "Inheritance",
      salary: "Salary",
      dividends: "Dividends",
      savings: "Savings",
      property_sale: "Sale of property",
      social_benefits: "Social benefits",
      individual_activities: "Self-employment",
      stocks_sale: "Sale of shares",
      relatives: "Support from relatives",
      winnings: "Winnings",
      other: "Other",
    },
    turnover: {
      "0-1000": "Up to 1,000",
      "1001-3000": "1,001 to 3,000",
      "3001-8000": "3,001 to 8,000",
      "8001-15000": "8,001 to 15,000",
      "15001-50000": "15,001 to 50,000",
      "50001-99999": "50,001 to 99,999",
    },
    address: {
      country: "Country",
      city: "City",
      address: "Address",
      address2: "Address line 2 (optional)",
      postalCode: "Postal code",
      state: "State or region (optional)",
    },
  },
};

addFeatureTexts(enAnswers);
