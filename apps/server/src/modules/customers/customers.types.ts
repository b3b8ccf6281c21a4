/**
 * What the customer answers once and is asked again elsewhere (issue 47 "ask once"): the personal
 * questionnaire of the card and IBAN orders, and the billing address of the card order, the IBAN
 * order and a pay-in card. Names follow the card order's fields (spec §88); each flow maps its own.
 */
export type Questionnaire = {
  isUsRelated: boolean;
  usRelatedPerson: string | null;
  incomeSources: string[];
  additionalSources: string | null;
  estimatedMonthlyTurnoverRange: string;
  /** ISO 3166-1 alpha-2; null when the flow that answered did not ask it. */
  taxCountry: string | null;
  taxId: string | null;
};

export type AnsweredAddress = {
  /** ISO 3166-1 alpha-2. */
  country: string;
  city: string;
  address: string;
  address2: string | null;
  postalCode: string;
  state: string | null;
};

/** A flow's answer: a part left out is kept as stored; a questionnaire without tax keeps the stored tax. */
export type AnswersPatch = {
  questionnaire?: Omit<Questionnaire, "taxCountry" | "taxId"> & {
    taxCountry?: string | null | undefined;
    taxId?: string | null | undefined;
  };
  billingAddress?: AnsweredAddress;
};

export type CustomerAnswers = { questionnaire: Questionnaire | null; billingAddress: AnsweredAddress | null };
