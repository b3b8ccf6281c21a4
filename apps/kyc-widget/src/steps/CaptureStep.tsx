import type { DocumentKind } from "@kestrel/kyc-sdk";
import { useCallback, useId, useRef, useState } from "react";
import { Camera, cameraSupported } from "../capture/Camera.tsx";
import { Preview } from "../capture/Preview.tsx";
import { type Capture, checkFile, type Side } from "../flow/flow.ts";
import { fill, useTexts } from "../i18n/i18n.tsx";
import { Heading } from "./Heading.tsx";

/** Front, back or selfie: a camera shot where the camera is available, or a file. */
export function CaptureStep(props: {
  side: Side;
  kind: DocumentKind;
  value: Capture | undefined;
  onChange: (capture: Capture | undefined) => void;
  onContinue: () => void;
}) {
  const { t } = useTexts();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [camera, setCamera] = useState(false);
  const [problem, setProblem] = useState<string>();
  const selfie = props.side === "selfie";
  const documentName = t.document[props.kind];
  const heading =
    props.side === "front"
      ? fill(t.capture.frontHeading, { document: documentName })
      : props.side === "back"
        ? fill(t.capture.backHeading, { document: documentName })
        : t.capture.selfieHeading;
  const unavailable = useCallback(() => {
    setCamera(false);
    setProblem(t.capture.cameraUnavailable);
  }, [t]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    const check = checkFile(file, props.side);
    if (check !== "ok") return setProblem(t.capture[check]);
    setProblem(undefined);
    props.onChange({ file, name: file.name, type: file.type });
  };

  return (
    <div className="step">
      <Heading>{heading}</Heading>
      <p className="muted">{selfie ? t.capture.selfieHint : t.capture.documentHint}</p>
      {camera ? (
        <Camera
          facing={selfie ? "user" : "environment"}
          onCapture={(capture) => {
            setCamera(false);
            setProblem(undefined);
            props.onChange(capture);
          }}
          onCancel={() => setCamera(false)}
          onUnavailable={unavailable}
        />
      ) : props.value ? (
        <>
          <Preview capture={props.value} alt={t.capture.preview} />
          <div className="actions">
            <button type="button" className="primary" onClick={props.onContinue}>
              {t.continue}
            </button>
            <button type="button" className="secondary" onClick={() => props.onChange(undefined)}>
              {t.capture.retake}
            </button>
          </div>
        </>
      ) : (
        <div className={`placeholder ${selfie ? "face" : "card"}`} aria-hidden="true" />
      )}
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      {!camera && !props.value && (
        <div className="actions">
          {cameraSupported() && (
            <button type="button" className="primary" onClick={() => setCamera(true)}>
              {t.capture.takePhoto}
            </button>
          )}
          <button
            type="button"
            className={cameraSupported() ? "secondary" : "primary"}
            onClick={() => input.current?.click()}
            aria-describedby={`${id}-types`}
          >
            {t.capture.uploadFile}
          </button>
          <p id={`${id}-types`} className="hint">
            {selfie ? t.capture.photoTypes : t.capture.fileTypes}
          </p>
          <input
            ref={input}
            className="visually-hidden"
            type="file"
            tabIndex={-1}
            aria-label={t.capture.uploadFile}
            accept={selfie ? "image/jpeg,image/png" : "image/jpeg,image/png,application/pdf"}
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
        </div>
      )}
    </div>
  );
}
