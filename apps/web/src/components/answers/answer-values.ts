import type { StoredAnswers } from "../../lib/customer/answers-queries.ts";

/** The questionnaire as the form holds it: text fields as strings ("" when not answered). */
export type QuestionnaireValue = {
  isUsRelated: boolean;
  usRelatedPerson: string;
  incomeSources: string[];
  additionalSources: string;
  estimatedMonthlyTurnoverRange: string;
  taxCountry: string;
  taxId: string;
};

/** A billing address as the form holds it (the card order's field names, spec §88). */
export type AddressValue = Record<
  "country" | "city" | "address" | "address2" | "postalCode" | "state",
  string
>;

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/** The form's start: the stored answer, else empty. */
export function questionnaireFrom(stored: StoredAnswers | undefined): QuestionnaireValue {
  const q = stored?.questionnaire;
  return {
    isUsRelated: q?.isUsRelated ?? false,
    usRelatedPerson: q?.usRelatedPerson ?? "",
    incomeSources: q?.incomeSources ?? [],
    additionalSources: q?.additionalSources ?? "",
    estimatedMonthlyTurnoverRange: q?.estimatedMonthlyTurnoverRange ?? "",
    taxCountry: q?.taxCountry ?? "",
    taxId: q?.taxId ?? "",
  };
}

export function addressFrom(stored: StoredAnswers | undefined): AddressValue {
  const a = stored?.billingAddress;
  return {
    country: a?.country ?? "",
    city: a?.city ?? "",
    address: a?.address ?? "",
    address2: a?.address2 ?? "",
    postalCode: a?.postalCode ?? "",
    state: a?.state ?? "",
  };
}

/** Everything the questionnaire requires is there (the server judges the rest, naming the field). */
export function questionnaireComplete(v: QuestionnaireValue, withTax: boolean): boolean {
  const tax = !withTax || (v.taxCountry !== "" && v.taxId.trim().length >= 4);
  return (
    v.incomeSources.length > 0 &&
    v.estimatedMonthlyTurnoverRange !== "" &&
    (!v.isUsRelated || v.usRelatedPerson.trim() !== "") &&
    tax
  );
}

export function addressComplete(v: AddressValue): boolean {
  return v.country !== "" && [v.city, v.address, v.postalCode].every((s) => s.trim() !== "");
}

/** A field's error of a 400 naming `prefix.field` or `field` (the flows' names mapped by `names`). */
export function fieldErrorsOf<T>(error: unknown, names: Record<string, keyof T>): FieldErrors<T> {
  const e = error as { field?: string; message?: string } | null | undefined;
  const field = e?.field?.split(".").pop();
  const key = field ? names[field] : undefined;
  return key && e?.message ? ({ [key]: e.message } as FieldErrors<T>) : {};
}
