import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';
import { z } from 'zod';
import { formatCedis } from '@aduro/shared/money';

/**
 * The layout of Aduro's business documents (invoice, purchase order): an A4 page with Aduro's name, the
 * document's title, number and dates, both parties side by side, a table of lines, a totals block and
 * notes. Each document module (modules/<domain>/*.pdf.ts) only says what goes where.
 */

type Doc = PDFKit.PDFDocument;

const MARGIN = 50;
const INK = '#1f2933';
const MUTED = '#616e7c';
const RULE = '#cbd2d9';
const SHADE = '#f0f4f8';
const BRAND = '#0b6e4f';

/**
 * Amounts as the app writes them (formatCedis), but with "GHS" for "GH₵": the PDF standard fonts have
 * no cedi sign, and embedding a font that has one would mean shipping a font file with the API.
 */
export function pdfMoney(cedis: number): string {
  return formatCedis(cedis).replace('GH₵', 'GHS ');
}

export interface Party {
  /** "Seller", "Bill to"... */
  heading: string;
  name: string;
  location: string | null;
  phone: string | null;
}

export interface Column {
  header: string;
  /** A share of the table's width; the shares need not add up to 1. */
  width: number;
  align?: 'left' | 'right';
}

/** A new A4 document whose metadata names it; its bytes come from pdfBytes once it is drawn. */
export function newDocument(title: string): Doc {
  return new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: title, Author: 'Aduro', Creator: 'Aduro' },
  });
}

const contentWidth = (doc: Doc) => doc.page.width - 2 * MARGIN;
const bottom = (doc: Doc) => doc.page.height - MARGIN;

/** Starts a new page when fewer than `height` points are left on this one. */
function ensureRoom(doc: Doc, height: number) {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

/**
 * The top of the first page: Aduro's name and the document's title and number, the dates (label,
 * value) under them, then the two parties side by side.
 */
export function drawHeader(
  doc: Doc,
  head: { title: string; number: string; facts: [string, string][]; parties: [Party, Party] },
) {
  const width = contentWidth(doc);
  const top = MARGIN;
  doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(22).text('Aduro', MARGIN, top);
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(8)
    .text('B2B medicines marketplace, Ghana', MARGIN, top + 26);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(head.title, MARGIN, top, { width, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(head.number, MARGIN, top + 20, { width, align: 'right' });

  // Labels left and values right in a block at the right edge, so the values line up.
  const factsX = MARGIN + width - 190;
  let y = top + 38;
  doc.fontSize(9);
  for (const [label, value] of head.facts) {
    doc.fillColor(MUTED).text(`${label}:`, factsX, y, { width: 190 });
    doc.fillColor(INK).text(value, factsX, y, { width: 190, align: 'right' });
    y += 13;
  }
  y = Math.max(y, top + 50) + 8;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .lineWidth(1)
    .strokeColor(BRAND)
    .stroke();

  y += 12;
  const column = (width - 20) / 2;
  let lowest = y;
  head.parties.forEach((party, i) => {
    const x = MARGIN + i * (column + 20);
    doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(8).text(party.heading.toUpperCase(), x, y, {
      width: column,
    });
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(party.name, x, doc.y + 2, { width: column });
    doc.font('Helvetica').fontSize(9);
    doc.text(party.location ?? 'Address not on file', { width: column });
    doc.text(party.phone ? `Tel. ${party.phone}` : 'Phone not on file', { width: column });
    lowest = Math.max(lowest, doc.y);
  });
  doc.x = MARGIN;
  doc.y = lowest + 18;
}

/** A small bold heading before a block, with room kept for a few lines under it. */
export function drawHeading(doc: Doc, text: string) {
  ensureRoom(doc, 60);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(10).text(text, MARGIN, doc.y);
  doc.moveDown(0.3);
}

/** Lines of plain text, each "label: value" when a label is given. */
export function drawLines(doc: Doc, lines: ([string, string] | string)[]) {
  const width = contentWidth(doc);
  doc.fontSize(9);
  for (const line of lines) {
    ensureRoom(doc, 14);
    if (typeof line === 'string') {
      doc.fillColor(INK).font('Helvetica').text(line, MARGIN, doc.y, { width });
    } else {
      doc
        .fillColor(MUTED)
        .font('Helvetica')
        .text(`${line[0]}: `, MARGIN, doc.y, { width, continued: true })
        .fillColor(INK)
        .text(line[1]);
    }
  }
  doc.moveDown(0.8);
}

/** A note set apart in a shaded band (e.g. why a table has no batches yet). */
export function drawNote(doc: Doc, text: string) {
  const width = contentWidth(doc);
  doc.font('Helvetica-Oblique').fontSize(9);
  const height = doc.heightOfString(text, { width: width - 16 }) + 10;
  ensureRoom(doc, height);
  const y = doc.y;
  doc.rect(MARGIN, y, width, height).fill(SHADE);
  doc.fillColor(INK).text(text, MARGIN + 8, y + 5, { width: width - 16 });
  doc.x = MARGIN;
  doc.y = y + height + 10;
}

/**
 * A table with a shaded header row (repeated on each new page), cells wrapping within their column and
 * amounts right-aligned, ruled between rows.
 */
export function drawTable(doc: Doc, columns: Column[], rows: string[][]) {
  const width = contentWidth(doc);
  const share = columns.reduce((sum, c) => sum + c.width, 0);
  const widths = columns.map((c) => (c.width / share) * width);
  const pad = 4;

  const drawRow = (cells: string[], header: boolean) => {
    doc.font(header ? 'Helvetica-Bold' : 'Helvetica').fontSize(header ? 8 : 9);
    const height =
      Math.max(...cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: widths[i]! - 2 * pad }))) +
      2 * pad;
    if (!header && doc.y + height > bottom(doc)) {
      doc.addPage();
      drawRow(
        columns.map((c) => c.header),
        true,
      );
    }
    const y = doc.y;
    if (header) doc.rect(MARGIN, y, width, height).fill(SHADE);
    let x = MARGIN;
    cells.forEach((cell, i) => {
      doc
        .fillColor(header ? MUTED : INK)
        .text(cell, x + pad, y + pad, { width: widths[i]! - 2 * pad, align: columns[i]!.align ?? 'left' });
      x += widths[i]!;
    });
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + width, y + height)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.x = MARGIN;
    doc.y = y + height;
  };

  ensureRoom(doc, 60);
  drawRow(
    columns.map((c) => c.header),
    true,
  );
  for (const row of rows) drawRow(row, false);
  doc.moveDown(0.8);
}

/** The totals block: label and amount pairs right-aligned under the table; `strong` ones in bold. */
export function drawTotals(doc: Doc, totals: { label: string; amount: string; strong?: boolean }[]) {
  const width = contentWidth(doc);
  const labelWidth = 150;
  const amountWidth = 100;
  const x = MARGIN + width - labelWidth - amountWidth;
  ensureRoom(doc, totals.length * 16 + 10);
  for (const total of totals) {
    const y = doc.y;
    doc
      .font(total.strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(total.strong ? 10 : 9)
      .fillColor(total.strong ? INK : MUTED)
      .text(total.label, x, y, { width: labelWidth - 8, align: 'right' });
    doc.fillColor(INK).text(total.amount, x + labelWidth, y, { width: amountWidth, align: 'right' });
    doc.y = y + (total.strong ? 16 : 14);
  }
  doc.x = MARGIN;
  doc.moveDown(1);
}

/** Ends the document and collects its bytes (a page or two: buffered, not streamed). */
export function pdfBytes(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** Answers a PDF as a download named `fileName`, never cached (it carries the parties' business). */
export function sendPdf(reply: FastifyReply, fileName: string, content: Buffer) {
  const safe = fileName.replace(/[^\w.-]/g, '_');
  return reply
    .type('application/pdf')
    .header('content-length', content.length)
    .header('content-disposition', `attachment; filename="${safe}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(content);
}

/**
 * A route's 200 answer when it is a PDF: documented as application/pdf (its error answers stay JSON),
 * and sent as bytes, which Fastify passes by the response serializer.
 */
export function pdfResponse(description: string) {
  return z.unknown().meta({
    description,
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  });
}
