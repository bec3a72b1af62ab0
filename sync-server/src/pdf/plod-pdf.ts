import PDFDocument from 'pdfkit';
import { SIGNATURE_BOX } from '@plod/model';
import type { PlodSheet, SheetFact, SheetPhoto, SheetTable } from '@plod/model';

/**
 * The plod as an A4 PDF, drawn from the same `plodSheet` the report view shows, so both say the same
 * things. pdfkit draws it in this process (no headless browser on the server: a browser is hundreds
 * of megabytes, a process per document and a second rendering engine to keep secure; pdfkit is
 * plain JavaScript with the standard PDF fonts).
 */

const MARGIN = 40;
const INK = '#1a1b1e';
const DIM = '#5c5f66';
const RULE = '#ced4da';
const HEAD_FILL = '#f1f3f5';
const SIGNATURE_WIDTH = 240;

type Doc = PDFKit.PDFDocument;

/** The bytes of the plod's photos, by attachment id (a photo not uploaded yet is absent). */
export type PdfImages = ReadonlyMap<string, { data: Uint8Array; contentType: string }>;

/** Photos drawn three to a row, each fitted into a thumbnail box. */
const PHOTOS_PER_ROW = 3;
const PHOTO_GAP = 12;
const PHOTO_BOX_HEIGHT = 120;
/** The image types pdfkit embeds (a JPEG is copied in as it is, without decoding it). */
const PDF_IMAGE_TYPES = new Set(['image/jpeg', 'image/png']);

function contentWidth(doc: Doc): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

/** Starts a new page unless `height` points still fit on this one. */
function keepTogether(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.maxY()) doc.addPage();
}

function heading(doc: Doc, text: string, size = 13): void {
  keepTogether(doc, 70);
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(size).fillColor(INK).text(text, MARGIN);
  const y = doc.y + 2;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + contentWidth(doc), y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.moveDown(0.4);
}

function factText(fact: SheetFact): string {
  return fact.override ? `${fact.value} (${fact.override.note})` : fact.value;
}

/** Label and value pairs, two pairs to a line. */
function facts(doc: Doc, list: readonly SheetFact[]): void {
  const data: string[][] = [];
  for (let i = 0; i < list.length; i += 2) {
    const [a, b] = [list[i], list[i + 1]];
    data.push([a?.label ?? '', a ? factText(a) : '', b?.label ?? '', b ? factText(b) : '']);
  }
  doc.font('Helvetica').fontSize(9.5).fillColor(INK);
  doc.table({
    position: { x: MARGIN },
    columnStyles: [85, '*', 85, '*'],
    defaultStyle: { border: 0, padding: [2, 4] },
    rowStyles: () => ({ border: 0 }),
    data: data.map((row) =>
      row.map((text, column) =>
        column % 2 === 0
          ? { text, font: { src: 'Helvetica-Bold' }, textColor: DIM }
          : { text, textColor: INK },
      ),
    ),
  });
}

/** Room for figures in a table: words (notes, descriptions) share the rest. */
const NUMERIC_WIDTH = 56;
const CELL_PAD_X = 4;
const CELL_PAD_Y = 3;

/**
 * One cell's text laid out in its column: a line that fits is drawn as it is (the common case: a
 * depth, an hour, a short name); a longer one wraps within the column, laid out as pdfkit's own
 * table lays it out (its bounds measured, then drawn in them, clipped to the cell).
 */
interface CellLayout {
  height: number;
  draw: (x: number, y: number) => void;
}

function layoutCell(doc: Doc, text: string, width: number, right: boolean): CellLayout {
  const lineHeight = doc.currentLineHeight(true);
  if (text === '') return { height: 0, draw: () => {} };
  const lineWidth = doc.widthOfString(text);
  if (!text.includes('\n') && lineWidth <= width) {
    return {
      height: lineHeight,
      draw: (x, y) => {
        doc.text(text, right ? x + width - lineWidth : x, y, { lineBreak: false });
      },
    };
  }
  const options = {
    align: right ? ('right' as const) : ('left' as const),
    ellipsis: true,
    width,
    height: doc.page.maxY() - doc.page.margins.top - 2 * CELL_PAD_Y,
  };
  const first = doc.boundsOfString(text, 0, 0, options);
  const fitted = { ...options, width: first.width, height: first.height };
  const bounds = doc.boundsOfString(text, 0, 0, fitted);
  return {
    height: bounds.height,
    draw: (x, y) => {
      doc.save().rect(x, y, width, bounds.height).clip();
      doc.text(text, x + (right ? width - bounds.width : 0), y, fitted);
      doc.restore();
    },
  };
}

/**
 * A table of the sheet: header row, rows, then its totals line (or what it says when empty). Drawn
 * row by row with the standard fonts: a row that does not fit starts a new page. (pdfkit's table
 * measures every cell four times through its line wrapper: a plod of 1,000 runs took seconds.)
 */
function table(doc: Doc, sheetTable: SheetTable, title = sheetTable.title): void {
  heading(doc, title);
  doc.font('Helvetica').fontSize(9).fillColor(INK);
  if (sheetTable.rows.length === 0) {
    doc.fillColor(DIM).text(sheetTable.empty, MARGIN);
    return;
  }
  const { columns } = sheetTable;
  const width = contentWidth(doc);
  const figures = columns.filter((c) => c.numeric).length;
  const wordWidth = (width - NUMERIC_WIDTH * figures) / Math.max(1, columns.length - figures);
  const widths = columns.map((c) => (c.numeric ? NUMERIC_WIDTH : wordWidth));
  const lefts = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const drawRow = (cells: readonly string[], header: boolean) => {
    doc.font(header ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    // Read before laying out: measuring a wrapped cell moves pdfkit's cursor.
    let top = doc.y;
    const laid = cells.map((text, i) =>
      layoutCell(doc, text, (widths[i] ?? 0) - 2 * CELL_PAD_X, columns[i]?.numeric === true),
    );
    const height = Math.max(...laid.map((cell) => cell.height)) + 2 * CELL_PAD_Y;
    if (top + height >= doc.page.maxY()) {
      doc.continueOnNewPage();
      top = doc.page.margins.top;
    }
    if (header) {
      doc.save().fillColor(HEAD_FILL).rect(MARGIN, top, width, height).fill().restore();
    }
    doc
      .save()
      .lineWidth(0.5)
      .strokeColor(RULE)
      .moveTo(MARGIN + width, top + height)
      .lineTo(MARGIN, top + height)
      .stroke()
      .restore();
    doc.fillColor('black');
    laid.forEach((cell, i) => cell.draw((lefts[i] ?? MARGIN) + CELL_PAD_X, top + CELL_PAD_Y));
    doc.x = MARGIN;
    doc.y = top + height;
  };
  drawRow(
    columns.map((c) => c.header),
    true,
  );
  for (const row of sheetTable.rows) drawRow(row, false);
  doc.font('Helvetica').fontSize(9);
  if (sheetTable.totals) {
    doc.moveDown(0.3);
    doc.font('Helvetica-Bold').fontSize(9.5).fillColor(INK).text(sheetTable.totals, MARGIN);
  }
}

/**
 * The photos pdfkit can read, as Buffers: drawn first on a scratch document, so a stored file it
 * cannot read (a WebP, a damaged JPEG) is named in words and never breaks the PDF.
 */
function readableImages(images: PdfImages): Map<string, Buffer> {
  const readable = new Map<string, Buffer>();
  if (images.size === 0) return readable;
  const scratch = new PDFDocument({ size: 'A7' });
  for (const [id, stored] of images) {
    if (!PDF_IMAGE_TYPES.has(stored.contentType)) continue;
    const data = Buffer.from(stored.data);
    try {
      scratch.image(data, 0, 0, { fit: [10, 10] });
      readable.set(id, data);
    } catch {
      // Not an image pdfkit reads: left out.
    }
  }
  scratch.end();
  return readable;
}

/**
 * The plod's core tray photos as thumbnails with their labels. A photo the server does not hold
 * yet, or of a type the PDF cannot carry (WebP), is named in words instead.
 */
function photos(doc: Doc, list: readonly SheetPhoto[], images: PdfImages): void {
  const readable = readableImages(images);
  heading(doc, 'Photos');
  if (list.length === 0) {
    doc.font('Helvetica').fontSize(9.5).fillColor(DIM).text('No photos taken', MARGIN);
    return;
  }
  const width = (contentWidth(doc) - PHOTO_GAP * (PHOTOS_PER_ROW - 1)) / PHOTOS_PER_ROW;
  const labelHeight = 26;
  for (let start = 0; start < list.length; start += PHOTOS_PER_ROW) {
    keepTogether(doc, PHOTO_BOX_HEIGHT + labelHeight + PHOTO_GAP);
    const top = doc.y;
    list.slice(start, start + PHOTOS_PER_ROW).forEach((photo, i) => {
      const x = MARGIN + i * (width + PHOTO_GAP);
      const image = readable.get(photo.attachmentId);
      if (image) {
        const figure = doc.struct('Figure', { alt: `Core photo: ${photo.label}` }, () => {
          doc.image(image, x, top, {
            fit: [width, PHOTO_BOX_HEIGHT],
            align: 'center',
            valign: 'center',
          });
        });
        doc.addStructure(figure);
      } else {
        doc.rect(x, top, width, PHOTO_BOX_HEIGHT).lineWidth(0.5).strokeColor(RULE).stroke();
        doc
          .font('Helvetica')
          .fontSize(8.5)
          .fillColor(DIM)
          .text(
            images.has(photo.attachmentId) ? 'Photo not shown in the PDF' : 'Not uploaded yet',
            x,
            top + PHOTO_BOX_HEIGHT / 2 - 5,
            { width, align: 'center' },
          );
      }
      doc
        .font('Helvetica')
        .fontSize(8.5)
        .fillColor(INK)
        .text(photo.label, x, top + PHOTO_BOX_HEIGHT + 3, {
          width,
          height: labelHeight - 3,
          ellipsis: true,
        });
    });
    doc.x = MARGIN;
    doc.y = top + PHOTO_BOX_HEIGHT + labelHeight + PHOTO_GAP / 2;
  }
}

function statusBlock(doc: Doc, sheet: PlodSheet): void {
  doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(`Status: ${sheet.status.line}`);
  if (sheet.status.returnComment) {
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(`Comment from the reviewer: ${sheet.status.returnComment}`);
  }
}

function progressBar(doc: Doc, percent: number): void {
  const width = 200;
  const y = doc.y + 2;
  doc.rect(MARGIN, y, width, 6).fillColor(HEAD_FILL).fill();
  doc
    .rect(MARGIN, y, (width * percent) / 100, 6)
    .fillColor('#2f9e44')
    .fill();
  doc.fillColor(INK);
  doc.y = y + 10;
}

function signature(doc: Doc, path: string, signedBy: string | null): void {
  const scale = SIGNATURE_WIDTH / SIGNATURE_BOX.width;
  const height = SIGNATURE_BOX.height * scale;
  keepTogether(doc, height + 20);
  const x = MARGIN;
  const y = doc.y + 4;
  doc.rect(x, y, SIGNATURE_WIDTH, height).lineWidth(0.5).strokeColor(RULE).stroke();
  // A tagged figure with words, so a reader (or a screen reader) knows what the strokes are.
  const figure = doc.struct('Figure', { alt: `Signature of ${signedBy ?? 'the signer'}` }, () => {
    doc.save();
    doc.translate(x, y).scale(scale);
    doc
      .path(path)
      .lineWidth(2.5 / scale)
      .lineCap('round')
      .lineJoin('round')
      .strokeColor(INK)
      .stroke();
    doc.restore();
  });
  doc.addStructure(figure);
  doc.y = y + height + 6;
  doc.x = MARGIN;
}

function signOff(doc: Doc, sheet: PlodSheet): void {
  const s = sheet.signOff;
  heading(doc, 'Sign-off');
  doc.font('Helvetica').fontSize(9.5).fillColor(INK);
  for (const line of s.certifications) {
    doc.text(`${s.certified ? '[x]' : '[ ]'} ${line}`, MARGIN);
  }
  doc.moveDown(0.4);
  facts(doc, [
    { label: 'Signed by', value: s.signedBy ?? 'Not signed' },
    { label: 'Signed at', value: s.signedAt ?? '—' },
    { label: 'Certified', value: s.certified ? 'Yes' : 'No' },
    { label: 'Final notes', value: s.finalNotes ?? '—' },
  ]);
  if (s.signature) signature(doc, s.signature, s.signedBy);
  else doc.fillColor(DIM).text('No signature', MARGIN);
}

function footers(doc: Doc, sheet: PlodSheet): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    // Writing below the bottom margin would start a new page: lift the margin for the footer.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(DIM)
      .text(
        `Plod ${sheet.id ?? ''} · ${sheet.title} · Page ${i + 1} of ${range.count}`,
        MARGIN,
        doc.page.height - 28,
        { width: contentWidth(doc), align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = bottom;
  }
}

/** What the PDF draws beside the plod's sheet. */
export interface PdfExtras {
  /** The plod's charges (`chargesSheetTable`) for a reader who may see its prices, or null. */
  charges?: SheetTable | null;
}

/**
 * Draws the whole plod (with the bytes of its photos, and its charges, where given); resolves with
 * the PDF's bytes.
 */
export function renderPlodPdf(
  sheet: PlodSheet,
  images: PdfImages = new Map(),
  extras: PdfExtras = {},
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    tagged: true,
    lang: 'en-AU',
    displayTitle: true,
    info: { Title: `Plod: ${sheet.title}, ${sheet.subtitle}`, Creator: 'Plod' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(18).fillColor(INK).text(sheet.title);
  doc.font('Helvetica').fontSize(11).fillColor(DIM).text(sheet.subtitle);
  doc.moveDown(0.4);
  statusBlock(doc, sheet);
  heading(doc, 'Shift details');
  facts(doc, sheet.shiftDetails);
  heading(doc, 'Summary');
  facts(doc, sheet.summary);
  table(doc, sheet.crew);
  if (sheet.holes.length === 0) {
    heading(doc, 'Holes');
    doc.font('Helvetica').fontSize(9.5).fillColor(DIM).text('No holes drilled this shift', MARGIN);
  }
  for (const hole of sheet.holes) {
    heading(doc, `Hole ${hole.holeId}`);
    facts(doc, hole.facts);
    progressBar(doc, hole.progress);
    table(doc, hole.runs, `Runs of ${hole.holeId}`);
  }
  table(doc, sheet.timesheet);
  table(doc, sheet.survey);
  for (const part of sheet.parts) table(doc, part.table);
  photos(doc, sheet.photos, images);
  if (extras.charges) table(doc, extras.charges);
  heading(doc, 'Notes');
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .fillColor(sheet.notes ? INK : DIM)
    .text(sheet.notes ?? 'No notes', MARGIN);
  signOff(doc, sheet);
  footers(doc, sheet);
  doc.end();
  return done;
}
