import { ApiError, fieldMessage } from "@kestrel/api-client";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";

/**
 * Puts a refused call's message under the field it names (server field → form field); answers
 * false when no field of this form explains it, so the caller shows it for the whole form.
 */
export function showAtField<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: Partial<Record<string, Path<T>>>,
): boolean {
  if (!(error instanceof ApiError) || !error.field) return false;
  const field = fields[error.field];
  if (!field) return false;
  setError(field, { type: "server", message: fieldMessage(error) }, { shouldFocus: true });
  return true;
}

export const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));
