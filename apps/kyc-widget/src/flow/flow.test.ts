import { describe, expect, it } from "vitest";
import {
  afterCapture,
  checkFile,
  chooseDocument,
  docTypeOf,
  type Flow,
  nextStep,
  previousStep,
  stepsOf,
  uploadsOf,
} from "./flow.ts";

const photo = (type = "image/jpeg", size = 10) => new Blob([new Uint8Array(size)], { type });

describe("widget steps", () => {
  it("skips the back of a passport", () => {
    expect(stepsOf("PASSPORT")).toEqual(["document", "front", "selfie", "review"]);
    expect(stepsOf("ID_CARD")).toEqual(["document", "front", "back", "selfie", "review"]);
  });

  it("moves forward and back along the document's steps", () => {
    const flow: Flow = { step: "front", kind: "DRIVING_LICENCE" };
    expect(nextStep(flow)).toBe("back");
    expect(previousStep(flow)).toBe("document");
    expect(previousStep({ step: "document" })).toBeUndefined();
    expect(nextStep({ step: "review", kind: "PASSPORT" })).toBe("review");
  });

  it("sends the sides of the chosen document, then the selfie, with the server's types", () => {
    const capture = { file: photo(), name: "a.jpg", type: "image/jpeg" };
    const flow: Flow = { step: "review", kind: "ID_CARD", front: capture, back: capture, selfie: capture };
    expect(uploadsOf(flow).map((u) => u.docType)).toEqual(["ID_CARD_FRONT", "ID_CARD_BACK", "SELFIE"]);
    expect(uploadsOf({ ...flow, kind: "PASSPORT" }).map((u) => u.docType)).toEqual([
      "PASSPORT_FRONT",
      "SELFIE",
    ]);
    expect(docTypeOf("DRIVING_LICENCE", "back")).toBe("DRIVING_LICENCE_BACK");
  });

  it("returns to the review after a change when nothing is missing, and drops photos of another document", () => {
    const capture = { file: photo(), name: "a.jpg", type: "image/jpeg" };
    const done: Flow = { step: "front", kind: "ID_CARD", front: capture, back: capture, selfie: capture };
    expect(afterCapture(done).step).toBe("review");
    expect(afterCapture({ step: "front", kind: "ID_CARD", front: capture }).step).toBe("back");
    const choice = { country: "DE", issuedDate: "2020-01-01" };
    expect(chooseDocument(done, { ...choice, kind: "ID_CARD" }).step).toBe("review");
    const passport = chooseDocument(done, { ...choice, kind: "PASSPORT" });
    expect(passport).toMatchObject({ step: "front", front: undefined, back: undefined, selfie: capture });
  });

  it("checks a file's type and size before it is sent", () => {
    expect(checkFile(photo("application/pdf"), "front")).toBe("ok");
    expect(checkFile(photo("application/pdf"), "selfie")).toBe("wrongPhotoType");
    expect(checkFile(photo("image/gif"), "front")).toBe("wrongType");
    expect(checkFile(photo("image/png", 10 * 1024 * 1024 + 1), "back")).toBe("tooLarge");
  });
});
