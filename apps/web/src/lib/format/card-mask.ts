// Spec §9's card masks live in @kestrel/money, shared with the server's PDFs.
export { type CardMask as CardMaskSize, maskCardNumber } from "@kestrel/money";
