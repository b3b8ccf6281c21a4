/**
 * Encrypts a short secret (an activation code; later a PIN) to the server's RSA key from
 * GET /v2/card/rsa-public-key: RSA-OAEP with SHA-256 over base64 DER SPKI, the ciphertext
 * base64 (docs/cards.md "Keys"). Web Crypto only: the code never leaves the page in clear.
 */
export async function sealToServerKey(publicKeyBase64: string, secret: string): Promise<string> {
  const der = Uint8Array.from(atob(publicKeyBase64), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey("spki", der, { name: "RSA-OAEP", hash: "SHA-256" }, false, [
    "encrypt",
  ]);
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: "RSA-OAEP" }, key, new TextEncoder().encode(secret)),
  );
  let binary = "";
  for (const byte of sealed) binary += String.fromCharCode(byte);
  return btoa(binary);
}
