import anyAscii from "any-ascii";

// EPC's SEPA character set (EPC217-08): the basic Latin letters, digits and / - ? : ( ) . , ' +
// and space. Banks may refuse any other character, so names and remittance are transliterated
// ("Müller" → "Muller", "Łódź" → "Lodz") and what has no Latin form becomes a space.
const OUTSIDE_EPC_SET = /[^A-Za-z0-9/\-?:().,'+ ]/g;

/** Text as the EPC character set allows it, at most `maxLength` characters, never empty. */
export function toEpcText(text: string, maxLength: number): string {
  const latin = anyAscii(text).replace(OUTSIDE_EPC_SET, " ").replace(/\s+/g, " ").trim();
  return latin.slice(0, maxLength).trimEnd();
}

// EPC identifiers (MsgId, PmtInfId, EndToEndId): the same set without space, not starting or
// ending with '/', no '//'.
const EPC_IDENTIFIER = /^(?!\/)(?!.*\/\/)[A-Za-z0-9/\-?:().,'+]{1,35}(?<!\/)$/;

export function isEpcIdentifier(id: string): boolean {
  return EPC_IDENTIFIER.test(id);
}
