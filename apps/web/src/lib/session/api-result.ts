// The API client owns API error unwrapping (issue 48). This path stays only for the features other
// work held on 2026-12-07 (cards, card-payments, exchange, home, iban); they import
// @kestrel/api-client next, then it goes.
export { fieldMessage, unwrap } from "@kestrel/api-client";
