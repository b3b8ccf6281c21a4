import { encodings } from "smpp";

/** One text split into what each submit_sm carries. */
export type SmppText = { dataCoding: number; esmClass: number; parts: Buffer[] };

const GSM7 = 0x00; // the SMSC's default alphabet, GSM 03.38: one septet per octet over SMPP
const UCS2 = 0x08;
const UDH_INDICATOR = 0x40;
// A single message holds 160 septets or 140 octets; with the 6-octet concatenation header each
// part holds 153 septets or 67 UTF-16 units (134 octets).
const SINGLE = { [GSM7]: 160, [UCS2]: 140 } as const;
const PART = { [GSM7]: 153, [UCS2]: 134 } as const;

export class SmsTooLongError extends Error {
  constructor(parts: number, maxParts: number) {
    super(`body: too long for a text message (${parts} parts, at most ${maxParts})`);
  }
}

/**
 * Encodes a text as GSM 7-bit when every character is in the default alphabet (its extension
 * table included: € [ ] cost two septets), otherwise UCS-2 (UTF-16BE, data_coding 8). A text
 * longer than one message is split into parts with a concatenation header (UDH, 8-bit reference),
 * never inside a GSM escape or a UTF-16 surrogate pair; more than `maxParts` is refused.
 */
export function encodeSmsText(body: string, opts: { maxParts: number; reference: number }): SmppText {
  const gsm = encodings.ASCII.match(body);
  const dataCoding = gsm ? GSM7 : UCS2;
  const bytes = gsm ? encodings.ASCII.encode(body) : Buffer.from(body, "utf16le").swap16();
  if (bytes.length <= SINGLE[dataCoding]) return { dataCoding, esmClass: 0, parts: [bytes] };
  const chunks = split(bytes, PART[dataCoding], gsm);
  if (chunks.length > opts.maxParts) throw new SmsTooLongError(chunks.length, opts.maxParts);
  const reference = opts.reference & 0xff;
  const parts = chunks.map((chunk, i) =>
    Buffer.concat([Buffer.from([0x05, 0x00, 0x03, reference, chunks.length, i + 1]), chunk]),
  );
  return { dataCoding, esmClass: UDH_INDICATOR, parts };
}

function split(bytes: Buffer, size: number, gsm: boolean): Buffer[] {
  const chunks: Buffer[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + size, bytes.length);
    if (end < bytes.length) {
      // GSM: an escape (0x1B) starts a two-septet character. UCS-2: a high surrogate starts a pair.
      if (gsm && bytes[end - 1] === 0x1b) end -= 1;
      if (!gsm && isHighSurrogate(bytes.readUInt16BE(end - 2))) end -= 2;
    }
    chunks.push(bytes.subarray(start, end));
    start = end;
  }
  return chunks;
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}
