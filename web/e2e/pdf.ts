import { createRequire } from 'node:module';
import path from 'node:path';
import { OPS, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// pdf.js reads the standard fonts' metrics from its package; in Node it is told where.
const standardFontDataUrl = `${path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}/`;

export interface PdfText {
  str: string;
  /** Left edge and width in PDF points, and the page's width. */
  x: number;
  width: number;
  pageWidth: number;
  page: number;
}

export interface ReadPdf {
  pages: number;
  /** All text, pages joined. */
  text: string;
  items: PdfText[];
  /** Alt texts of tagged figures. */
  figures: string[];
  /** Page sizes in points. */
  sizes: { width: number; height: number }[];
  /** Images painted, over all pages. */
  images: number;
}

interface StructNode {
  role?: string;
  alt?: string;
  children?: StructNode[];
}

function figuresOf(node: StructNode | null, into: string[]): void {
  if (!node) return;
  if (node.role === 'Figure' && node.alt) into.push(node.alt);
  for (const child of node.children ?? []) figuresOf(child, into);
}

/** Reads a PDF with pdf.js (Mozilla's reader), as a viewer would. */
export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const pdf = await getDocument({
    // pdf.js refuses a Node Buffer (a Uint8Array subclass): a plain copy.
    data: Uint8Array.from(bytes),
    standardFontDataUrl,
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const items: PdfText[] = [];
  const figures: string[] = [];
  const sizes: { width: number; height: number }[] = [];
  let images = 0;
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const page = await pdf.getPage(n);
    const viewport = page.getViewport({ scale: 1 });
    sizes.push({ width: viewport.width, height: viewport.height });
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const x = Number(item.transform[4]);
      items.push({ str: item.str, x, width: item.width, pageWidth: viewport.width, page: n });
    }
    figuresOf((await page.getStructTree()) as StructNode | null, figures);
    const ops = await page.getOperatorList();
    images += ops.fnArray.filter(
      (fn) => fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject,
    ).length;
  }
  await pdf.destroy();
  return {
    pages: pdf.numPages,
    text: items.map((i) => i.str).join(' '),
    items,
    figures,
    sizes,
    images,
  };
}
