import QRCode from "qrcode";
import { useEffect, useState } from "react";

/** The address as a QR code: an SVG from the qrcode package, shown as a data-URL image. */
export function AddressQr({ address, alt }: { address: string; alt: string }) {
  const [src, setSrc] = useState<string | undefined>();
  useEffect(() => {
    let live = true;
    setSrc(undefined);
    QRCode.toString(address, { type: "svg", margin: 1, errorCorrectionLevel: "M" })
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [address]);
  return src ? (
    <img className="k-receive__qr" src={src} alt={alt} width={192} height={192} />
  ) : (
    <div className="k-receive__qr" aria-hidden="true" />
  );
}
