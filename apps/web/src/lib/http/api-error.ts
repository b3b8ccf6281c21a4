// The API client owns API errors (issue 48). This path stays only for the features other work
// held on 2026-12-07 (cards, iban, exchange); they import @kestrel/api-client next, then it goes.
export { ApiError } from "@kestrel/api-client";
