import { createRequire } from 'node:module';
import path from 'node:path';
import { OPS, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// pdf.js reads the standard fonts' metrics from its package; in Node it is told where.
const standardFontDataUrl = `${path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}/`;

/** What a test reads back from a PDF: its text per page, tagged figures, and drawing counts. */
export interface ReadPdf {
  pages: number;
  /** The text of each page, items joined with spaces. */
  text: string[];
  /** Alt texts of the document's tagged figures. */
  figures: string[];
  /** Path-drawing operations inside each tagged figure's marked content, in page order. */
  figurePaths: number[];
  /** Images painted, over all pages. */
  images: number;
}

interface StructNode {
  role?: string;
  alt?: string;
  children?: StructNode[];
}

function collectFigures(node: StructNode | null, into: string[]): void {
  if (!node) return;
  if (node.role === 'Figure' && node.alt) into.push(node.alt);
  for (const child of node.children ?? []) collectFigures(child, into);
}

/** Parses a PDF with pdf.js (Mozilla's reader), as a viewer would. */
export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const pdf = await getDocument({
    data: bytes,
    standardFontDataUrl,
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const text: string[] = [];
  const figures: string[] = [];
  const figurePaths: number[] = [];
  let images = 0;
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    text.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    collectFigures((await page.getStructTree()) as StructNode | null, figures);
    const ops = await page.getOperatorList();
    let depth = 0;
    let paths = 0;
    ops.fnArray.forEach((fn, i) => {
      if (fn === OPS.beginMarkedContentProps) {
        const [tag] = ops.argsArray[i] as [string];
        if (tag === 'Figure' || depth > 0) depth += 1;
      } else if (fn === OPS.beginMarkedContent && depth > 0) {
        depth += 1;
      } else if (fn === OPS.endMarkedContent && depth > 0) {
        depth -= 1;
        if (depth === 0) {
          figurePaths.push(paths);
          paths = 0;
        }
      } else if (fn === OPS.constructPath && depth > 0) {
        paths += 1;
      }
      if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject) images += 1;
    });
  }
  await pdf.destroy();
  return { pages: pdf.numPages, text, figures, figurePaths, images };
}
