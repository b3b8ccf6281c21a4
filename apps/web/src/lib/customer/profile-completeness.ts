import type { Profile } from "./profile-queries.ts";

/** The profile fields spec §2's redirect rule asks for, in the order the form shows them. */
export const REQUIRED_PROFILE_FIELDS = [
  "firstName",
  "lastName",
  "dateOfBirth",
  "residenceCountry",
  "residenceCity",
  "residenceStreet",
] as const satisfies ReadonlyArray<keyof Profile>;

export type RequiredProfileField = (typeof REQUIRED_PROFILE_FIELDS)[number];

/** Complete when none of first name, last name, residence country, street, city, birth date is missing. */
export function isProfileComplete(profile: Partial<Pick<Profile, RequiredProfileField>>): boolean {
  return REQUIRED_PROFILE_FIELDS.every((field) => (profile[field] ?? "").trim() !== "");
}
