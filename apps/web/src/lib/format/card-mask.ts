// Spec §9's card masks live in @kestrel/money, shared with the server's PDFs.
export { maskCardNumber } from "@kestrel/money";
