import type { DocumentKind } from "@kestrel/kyc-sdk";

/** A photo or file the customer chose for one side (kept in the browser until sent). */
export type Capture = { file: Blob; name: string; type: string };

export type Side = "front" | "back" | "selfie";
export type Step = "document" | Side | "review";

export type Flow = {
  step: Step;
  kind?: DocumentKind;
  country?: string;
  issuedDate?: string;
  front?: Capture;
  back?: Capture;
  selfie?: Capture;
};

export const START: Flow = { step: "document" };

/** The steps for a document: a passport has no back. */
export function stepsOf(kind: DocumentKind | undefined): Step[] {
  return ["document", "front", ...(kind === "PASSPORT" ? [] : (["back"] as const)), "selfie", "review"];
}

/** Every photo the chosen document needs is there: changing one returns to the review. */
const isComplete = (flow: Flow): boolean =>
  flow.kind !== undefined && Boolean(flow.front && flow.selfie && (flow.kind === "PASSPORT" || flow.back));

/** The document chosen on the first step; another kind of document needs new photos of it. */
export function chooseDocument(
  flow: Flow,
  choice: Required<Pick<Flow, "kind" | "country" | "issuedDate">>,
): Flow {
  const sameKind = flow.kind === choice.kind;
  const next: Flow = { ...flow, ...choice, ...(sameKind ? {} : { front: undefined, back: undefined }) };
  return { ...next, step: isComplete(next) ? "review" : "front" };
}

/** After a photo: on to the next step, or back to the review when nothing is missing. */
export const afterCapture = (flow: Flow): Flow => ({
  ...flow,
  step: isComplete(flow) ? "review" : nextStep(flow),
});

export const nextStep = (flow: Flow): Step => {
  const steps = stepsOf(flow.kind);
  return steps[Math.min(steps.indexOf(flow.step) + 1, steps.length - 1)] as Step;
};

/** The step before, or undefined on the first. */
export const previousStep = (flow: Flow): Step | undefined => {
  const steps = stepsOf(flow.kind);
  const i = steps.indexOf(flow.step);
  return i > 0 ? steps[i - 1] : undefined;
};

/** The server's document types for a side of the chosen document. */
export function docTypeOf(kind: DocumentKind, side: Side): string {
  return side === "selfie" ? "SELFIE" : `${kind}_${side.toUpperCase()}`;
}

/** What goes to the server, in order: document sides (with date and country), then the selfie. */
export function uploadsOf(
  flow: Flow,
): Array<{ side: Side; docType: string; capture: Capture; selfie: boolean }> {
  if (!flow.kind) return [];
  const sides: Side[] = flow.kind === "PASSPORT" ? ["front", "selfie"] : ["front", "back", "selfie"];
  return sides.flatMap((side) => {
    const capture = flow[side];
    return capture
      ? [{ side, docType: docTypeOf(flow.kind as DocumentKind, side), capture, selfie: side === "selfie" }]
      : [];
  });
}

const MAX_FILE_BYTES = 10 * 1024 * 1024;
const PHOTO_TYPES = ["image/jpeg", "image/png"];

/** A first check in the browser (the server checks the content again): type and size. */
export function checkFile(file: Blob, side: Side): "ok" | "tooLarge" | "wrongType" | "wrongPhotoType" {
  const types = side === "selfie" ? PHOTO_TYPES : [...PHOTO_TYPES, "application/pdf"];
  if (!types.includes(file.type)) return side === "selfie" ? "wrongPhotoType" : "wrongType";
  if (file.size > MAX_FILE_BYTES) return "tooLarge";
  return "ok";
}
