/**
 * A one-use RSA-OAEP (SHA-256) key pair made in the page for a card reveal (spec §9: 1024 bits).
 * The public half goes to the server as base64 DER SPKI; the private half is not extractable,
 * so only this page can open what the issuer sealed to it, and it is dropped with the reveal.
 */
export async function createRevealKeyPair(bits = 1024) {
  const pair = await crypto.subtle.generateKey(
    { name: "RSA-OAEP", modulusLength: bits, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    false,
    ["encrypt", "decrypt"],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey("spki", pair.publicKey));
  return {
    publicKey: toBase64(spki),
    /** Opens one sealed field (base64 ciphertext) to its text. */
    async open(sealed: string): Promise<string> {
      const bytes = Uint8Array.from(atob(sealed), (c) => c.charCodeAt(0));
      const plain = await crypto.subtle.decrypt({ name: "RSA-OAEP" }, pair.privateKey, bytes);
      return new TextDecoder().decode(plain);
    },
  };
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
