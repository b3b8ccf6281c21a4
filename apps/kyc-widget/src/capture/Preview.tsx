import { useEffect, useMemo } from "react";
import type { Capture } from "../flow/flow.ts";
import { fill, useTexts } from "../i18n/i18n.tsx";

/** A chosen photo (or, for a PDF, its name). */
export function Preview(props: { capture: Capture; alt: string; small?: boolean }) {
  const { t } = useTexts();
  const isImage = props.capture.type.startsWith("image/");
  // Made while rendering, so the photo's box is there in the very first frame (an effect runs a
  // frame later, and the buttons below would jump when it landed); revoked when the photo goes.
  const url = useMemo(
    () => (isImage ? URL.createObjectURL(props.capture.file) : undefined),
    [props.capture.file, isImage],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (!isImage) {
    return (
      <p className={`pdf${props.small ? " small" : ""}`}>
        {fill(t.capture.pdfChosen, { name: props.capture.name })}
      </p>
    );
  }
  return <img className={`preview${props.small ? " small" : ""}`} src={url} alt={props.alt} />;
}
