import { describe, expect, it } from "vitest";
import { detectDocumentType } from "./document-file-type.ts";

const bytes = (...b: number[]) => new Uint8Array(b);

describe("document type by content", () => {
  it.each([
    [bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), "image/jpeg"],
    [bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), "image/png"],
    [new TextEncoder().encode("%PDF-1.7\n"), "application/pdf"],
  ])("recognises %#", (content, type) => {
    expect(detectDocumentType(content)).toBe(type);
  });

  it.each([
    ["a GIF", new TextEncoder().encode("GIF89a....")],
    ["an executable", bytes(0x4d, 0x5a, 0x90, 0)],
    ["HTML named like a photo", new TextEncoder().encode("<html><script>")],
    ["a truncated PNG signature", bytes(0x89, 0x50, 0x4e, 0x47)],
    ["nothing", bytes()],
  ])("refuses %s", (_name, content) => {
    expect(detectDocumentType(content)).toBeUndefined();
  });
});
