import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_PATH, e2eEnabled, launchBrowser } from "./browser.ts";
import {
  customerGet,
  fillDocumentSteps,
  fixturePhoto,
  hostControl,
  openHostPage,
  screenshotWidget,
  verifyingCustomer,
  waitForHeading,
} from "./kyc-support.ts";

type KycData = {
  kycLevel: string;
  status: string;
  kyc1ClientData: { status: string; reason: string | null };
};
type Limits = {
  kycLevel: string;
  operations: Array<{ operationType: string; limits: { perTransaction: string } }>;
};

const transferLimit = (limits: Limits) =>
  limits.operations.find((o) => o.operationType === "TRANSFER_MOBILE")?.limits.perTransaction;

describe.skipIf(!e2eEnabled())("identity verification in the widget", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("a new customer verifies with photos; the sandbox approves; level and limits change", async () => {
    const customer = await verifyingCustomer("Lovelace");
    expect(await customerGet<KycData>(customer, "/v2/customer/kyc/data")).toMatchObject({
      kycLevel: "KYC_0",
      status: "NONE",
    });
    expect(transferLimit(await customerGet<Limits>(customer, "/v1/kyc/limits"))).toBe("0.00");

    const { context, page, widget } = await openHostPage(browser, customer);
    await fillDocumentSteps(widget, (step) => screenshotWidget(page, `step-${step}`));
    await screenshotWidget(page, "step-review");
    await widget.getByRole("button", { name: "Send for review" }).click();
    await waitForHeading(widget, "We're checking your documents", 10_000);
    await screenshotWidget(page, "status-in-review");
    expect((await customerGet<KycData>(customer, "/v2/customer/kyc/data")).status).toMatch(
      /IN_PROGRESS|APPROVED/,
    );

    await waitForHeading(widget, "You're verified");
    await screenshotWidget(page, "status-approved");
    const data = await customerGet<KycData>(customer, "/v2/customer/kyc/data");
    expect(data).toMatchObject({
      kycLevel: "KYC_2",
      status: "APPROVED",
      kyc1ClientData: { status: "APPROVED" },
    });
    const limits = await customerGet<Limits>(customer, "/v1/kyc/limits");
    expect(limits.kycLevel).toBe("KYC_2");
    expect(transferLimit(limits)).toBe("5000.00");
    await context.close();
  });

  it("a customer the reviewer rejects (last name REJECT) sees the reason, with no way to retry", async () => {
    const customer = await verifyingCustomer("REJECT");
    const { context, page, widget } = await openHostPage(browser, customer);
    await fillDocumentSteps(widget);
    await widget.getByRole("button", { name: "Send for review" }).click();
    await waitForHeading(widget, "We couldn't verify your identity");
    await expect
      .poll(() => widget.getByText("We could not verify your identity with the documents provided.").count())
      .toBe(1);
    expect(await widget.getByRole("button", { name: "Try again" }).count()).toBe(0);
    await screenshotWidget(page, "status-rejected");

    // Opened again later, the widget shows the same decision.
    await page.reload();
    await page.getByLabel("Refresh token").fill("");
    await page.getByLabel("Merchant ID").fill("0193a9e0-0000-7000-8000-000000000001");
    await page.getByRole("button", { name: "Mount widget" }).click();
    await waitForHeading(widget, "We couldn't verify your identity");
    expect(await customerGet<KycData>(customer, "/v2/customer/kyc/data")).toMatchObject({
      kycLevel: "KYC_0",
      status: "REJECTED",
      kyc1ClientData: { status: "DENIED", reason: "DOCUMENT_NOT_ACCEPTED" },
    });
    await context.close();
  });

  it("a customer asked to retry (last name RETRY) sends new photos, which go to review again", async () => {
    const customer = await verifyingCustomer("RETRY");
    const { context, page, widget } = await openHostPage(browser, customer);
    await fillDocumentSteps(widget);
    await widget.getByRole("button", { name: "Send for review" }).click();
    await waitForHeading(widget, "Please try again");
    await widget.getByText(/The photo of your document was not readable/).waitFor();
    await screenshotWidget(page, "status-retry");

    await widget.getByRole("button", { name: "Try again" }).click();
    await fillDocumentSteps(widget);
    await widget.getByRole("button", { name: "Send for review" }).click();
    await waitForHeading(widget, /We're checking your documents|Please try again/, 10_000);
    // The same test input decides the second attempt the same way: a second decision arrives.
    await waitForHeading(widget, "Please try again");
    const data = await customerGet<KycData>(customer, "/v2/customer/kyc/data");
    expect(data).toMatchObject({ status: "ACTION_NEEDED", kyc1ClientData: { status: "DENIED" } });
    await context.close();
  });

  it("takes the selfie with the camera where the browser has one", async () => {
    // Chromium's fake camera (a moving test picture), permission granted without a prompt.
    const withCamera = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
      ],
    });
    try {
      const customer = await verifyingCustomer("Lovelace");
      const { page, widget } = await openHostPage(withCamera, customer);
      await widget.getByRole("heading", { name: "Choose your document" }).waitFor();
      await widget.getByLabel("Passport").check();
      await widget.getByLabel("Issuing country").selectOption("AT");
      await widget.getByLabel("Date of issue").fill("2019-07-01");
      await widget.getByRole("button", { name: "Continue" }).click();
      await widget.locator('input[type="file"]').setInputFiles(fixturePhoto("id-card-front"));
      await widget.getByRole("img", { name: "Your photo" }).waitFor();
      await widget.getByRole("button", { name: "Continue" }).click();
      await widget.getByRole("heading", { name: "Take a selfie" }).waitFor();
      await widget.getByRole("button", { name: "Take a photo" }).click();
      await expect
        .poll(() => widget.getByRole("button", { name: "Capture" }).isEnabled(), { timeout: 10_000 })
        .toBe(true);
      await screenshotWidget(page, "step-selfie-camera");
      await widget.getByRole("button", { name: "Capture" }).click();
      // The customer sees the photo before going on: wait until it has decoded.
      const photo = widget.getByRole("img", { name: "Your photo" });
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      await widget.getByRole("button", { name: "Continue" }).click();
      await widget.getByRole("heading", { name: "Check and send" }).waitFor();
      await screenshotWidget(page, "step-review-passport");
      await widget.getByRole("button", { name: "Send for review" }).click();
      await waitForHeading(widget, "You're verified");
    } finally {
      await withCamera.close();
    }
  });

  it("switches language and theme at runtime, and goes back a step when the host asks", async () => {
    const customer = await verifyingCustomer("Lovelace");
    const { context, page, widget } = await openHostPage(browser, customer);
    await widget.getByRole("heading", { name: "Choose your document" }).waitFor();
    await hostControl(page, "Deutsch");
    await widget.getByRole("heading", { name: "Wähle dein Dokument" }).waitFor();
    await hostControl(page, "Dark theme");
    await expect.poll(() => widget.locator("html").getAttribute("data-theme")).toBe("dark");
    await widget.getByLabel("Personalausweis").check();
    await widget.getByLabel("Ausstellungsland").selectOption("DE");
    await widget.getByLabel("Ausstellungsdatum").fill("2021-03-04");
    await screenshotWidget(page, "step-document-de-dark");
    await widget.getByRole("button", { name: "Weiter" }).click();
    await widget.getByRole("heading", { name: "Vorderseite: Personalausweis" }).waitFor();
    await screenshotWidget(page, "step-front-de-dark");
    await hostControl(page, "Back");
    await widget.getByRole("heading", { name: "Wähle dein Dokument" }).waitFor();
    expect(await widget.getByLabel("Personalausweis").isChecked()).toBe(true);
    await context.close();
  });
});
