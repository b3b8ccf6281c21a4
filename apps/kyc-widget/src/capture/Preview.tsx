import { useEffect, useState } from "react";
import type { Capture } from "../flow/flow.ts";
import { fill, useTexts } from "../i18n/i18n.tsx";

/** A chosen photo (or, for a PDF, its name). */
export function Preview(props: { capture: Capture; alt: string; small?: boolean }) {
  const { t } = useTexts();
  const [url, setUrl] = useState<string>();
  const isImage = props.capture.type.startsWith("image/");
  useEffect(() => {
    if (!isImage) return;
    const objectUrl = URL.createObjectURL(props.capture.file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [props.capture.file, isImage]);
  if (!isImage) {
    return (
      <p className={`pdf${props.small ? " small" : ""}`}>
        {fill(t.capture.pdfChosen, { name: props.capture.name })}
      </p>
    );
  }
  return url ? <img className={`preview${props.small ? " small" : ""}`} src={url} alt={props.alt} /> : null;
}
