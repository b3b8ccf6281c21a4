// The qrcode package ships no types; only the call the receive page makes is declared.
declare module "qrcode" {
  interface QRCodeToStringOptions {
    type?: "svg" | "utf8" | "terminal";
    margin?: number;
    errorCorrectionLevel?: "L" | "M" | "Q" | "H";
  }
  const QRCode: {
    toString(text: string, options?: QRCodeToStringOptions): Promise<string>;
  };
  export default QRCode;
}
