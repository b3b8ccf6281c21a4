import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import type { Merchant } from "../merchants/index.ts";

// The merchant's look on a PDF (name, colour, logo) and the one way a PDF is made here: pdfkit,
// with its built-in Helvetica (no font files to ship; it covers the Latin texts we print).

export type PdfBrand = { title: string; color: string; logoPng: Buffer | null };

// The folder static-apps.ts serves at /merchant-assets/ (not imported: services never load the HTTP plugins).
const MERCHANT_ASSETS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../assets/merchants",
);
const DEFAULT_COLOR = "#1a56db";
const logos = new Map<string, Promise<Buffer | null>>();

/** The merchant's branding; the logo only when it is one of the merchant's asset files. */
export async function pdfBrandOf(merchant: Merchant): Promise<PdfBrand> {
  const color = /^#[0-9a-fA-F]{6}$/.test(merchant.settings.buttonColor1)
    ? merchant.settings.buttonColor1
    : DEFAULT_COLOR;
  return { title: merchant.title, color, logoPng: await logoOf(merchant.settings.horizontalImage) };
}

/** An SVG logo is rasterised once (pdfkit embeds PNG and JPEG only); anything else: no logo. */
function logoOf(url: string | undefined): Promise<Buffer | null> {
  const match = url?.match(/^\/merchant-assets\/([a-z0-9-]+)\/([\w.-]+\.(svg|png|jpe?g))$/i);
  if (!url || !match) return Promise.resolve(null);
  let logo = logos.get(url);
  if (!logo) {
    const file = path.join(MERCHANT_ASSETS, match[1] as string, match[2] as string);
    logo = readFile(file)
      .then((bytes) => sharp(bytes, { density: 144 }).resize({ height: 64 }).png().toBuffer())
      .catch(() => null);
    logos.set(url, logo);
  }
  return logo;
}

export type Pdf = PDFKit.PDFDocument;

/** Makes a PDF: the merchant's header, then whatever `draw` writes; resolves to its bytes. */
export function renderPdf(brand: PdfBrand, heading: string, draw: (doc: Pdf) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 40, info: { Title: heading, Author: brand.title } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const top = doc.page.margins.top;
  if (brand.logoPng) doc.image(brand.logoPng, 40, top, { height: 28 });
  doc
    .fillColor("#111111")
    .font("Helvetica-Bold")
    .fontSize(14)
    .text(brand.title, 40, top + (brand.logoPng ? 34 : 0));
  doc.fontSize(18).text(heading, 40, doc.y + 4);
  doc.rect(40, doc.y + 4, doc.page.width - 80, 3).fill(brand.color);
  doc
    .fillColor("#111111")
    .font("Helvetica")
    .fontSize(10)
    .text("", 40, doc.y + 14);
  draw(doc);
  doc.end();
  return done;
}
