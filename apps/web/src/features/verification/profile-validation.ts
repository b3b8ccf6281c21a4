import dayjs from "dayjs";
import type { TFunction } from "i18next";
import * as z from "zod/mini";

const MINIMUM_AGE = 18;
const MAXIMUM_AGE = 120;

/** Whole years between a YYYY-MM-DD birth date and `today`. */
function ageOn(birthDate: string, today: Date): number {
  return dayjs(today).diff(dayjs(birthDate), "year");
}

const isRealDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

/** The latest birth date of someone 18 today: the date picker's `max`. */
export function latestBirthDate(today: Date): string {
  return dayjs(today).subtract(MINIMUM_AGE, "year").format("YYYY-MM-DD");
}

/**
 * The profile of spec §2's redirect rule, checked as the server checks it: names and address
 * non-empty (free text was already cleaned while typing), a real date of birth, age 18 or more.
 */
export function profileSchema(t: TFunction, today: () => Date = () => new Date()) {
  const required = (label: string) =>
    z.string().check(z.trim(), z.minLength(1, t("verification.required", { field: label })));
  return z.object({
    firstName: required(t("verification.firstName")),
    lastName: required(t("verification.lastName")),
    dateOfBirth: z.string().check(
      z.minLength(1, t("verification.required", { field: t("verification.dateOfBirth") })),
      z.refine((value) => value === "" || isRealDate(value), t("verification.invalidDate")),
      z.refine(
        (value) => !isRealDate(value) || ageOn(value, today()) <= MAXIMUM_AGE,
        t("verification.invalidDate"),
      ),
      z.refine(
        (value) => !isRealDate(value) || ageOn(value, today()) >= MINIMUM_AGE,
        t("verification.tooYoung"),
      ),
    ),
    residenceCountry: z
      .string()
      .check(z.minLength(1, t("verification.required", { field: t("verification.residenceCountry") }))),
    residenceCity: required(t("verification.residenceCity")),
    residenceStreet: required(t("verification.residenceStreet")),
  });
}

export type ProfileValues = z.infer<ReturnType<typeof profileSchema>>;
