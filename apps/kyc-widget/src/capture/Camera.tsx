import { useEffect, useRef, useState } from "react";
import type { Capture } from "../flow/flow.ts";
import { useTexts } from "../i18n/i18n.tsx";

/** True where the browser offers a camera API at all (a secure context with mediaDevices). */
export const cameraSupported = () =>
  typeof navigator !== "undefined" && typeof navigator.mediaDevices?.getUserMedia === "function";

/**
 * A live camera picture and a shutter. The back camera for documents, the front one for the
 * selfie. When the camera cannot be had (no device, permission refused, frame not allowed to use
 * it) the parent hears so and offers the file picker.
 */
export function Camera(props: {
  facing: "user" | "environment";
  onCapture: (capture: Capture) => void;
  onCancel: () => void;
  onUnavailable: () => void;
}) {
  const { t } = useTexts();
  const video = useRef<HTMLVideoElement>(null);
  const [live, setLive] = useState(false);
  const { facing, onUnavailable } = props;

  useEffect(() => {
    let stream: MediaStream | undefined;
    let cancelled = false;
    const stop = (s: MediaStream | undefined) => {
      for (const track of s?.getTracks() ?? []) track.stop();
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: facing, width: { ideal: 1920 } }, audio: false })
      .then((s) => {
        stream = s;
        if (cancelled || !video.current) return stop(s);
        video.current.srcObject = s;
        setLive(true);
      })
      .catch(() => {
        if (!cancelled) onUnavailable();
      });
    return () => {
      cancelled = true;
      stop(stream);
    };
  }, [facing, onUnavailable]);

  const shoot = () => {
    const v = video.current;
    if (!v?.videoWidth) return;
    const canvas = document.createElement("canvas");
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext("2d")?.drawImage(v, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (blob) props.onCapture({ file: blob, name: "camera.jpg", type: "image/jpeg" });
      },
      "image/jpeg",
      0.9,
    );
  };

  return (
    <div className="camera">
      <video ref={video} autoPlay playsInline muted aria-label={t.capture.cameraLabel} />
      <div className="actions">
        <button type="button" className="primary" onClick={shoot} disabled={!live}>
          {t.capture.capture}
        </button>
        <button type="button" className="secondary" onClick={props.onCancel}>
          {t.capture.cancel}
        </button>
      </div>
    </div>
  );
}
