import { hash, verify } from "@node-rs/argon2";
import { z } from "zod";

/** Spec §5, on the server too: at least 6 characters and a digit. 128 bounds the hashing work. */
export const passwordSchema = z
  .string()
  .min(6, "must be at least 6 characters")
  .max(128, "must be at most 128 characters")
  .regex(/\d/, "must contain a digit");

// argon2id (the library's default algorithm) with OWASP's minimum memory cost.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verifying against this when the phone is unknown keeps the timing of both answers alike. */
export const DUMMY_HASH = await hashPassword("not-a-real-password-0");
