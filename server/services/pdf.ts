import PDFDocument from 'pdfkit';

// PDF documents the RMS API answers (generated reports, credit reports):
// a title, a line under it, then sections of label/value lines or tables,
// in the built-in Helvetica, on A4. Answers the whole file.

export type PdfSection =
  | { heading: string; lines: [string, string][] }
  | { heading: string; columns: string[]; rows: string[][]; empty: string };

export interface PdfContent {
  title: string;
  subtitle: string;
  sections: PdfSection[];
}

const MARGIN = 50;

function table(doc: PDFKit.PDFDocument, columns: string[], rows: string[][]) {
  const width = (doc.page.width - 2 * MARGIN) / columns.length;
  const line = (cells: string[], font: string) => {
    if (doc.y > doc.page.height - MARGIN * 2) doc.addPage();
    const y = doc.y;
    doc.font(font);
    cells.forEach((cell, i) =>
      doc.text(cell, MARGIN + i * width, y, { width: width - 6, lineBreak: false, ellipsis: true }),
    );
    doc.x = MARGIN;
    doc.moveDown(0.4);
  };
  line(columns, 'Helvetica-Bold');
  for (const row of rows) line(row, 'Helvetica');
}

/** The PDF file of the content. */
export function renderPdf(content: PdfContent, createdAt: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: content.title, Producer: 'Fleet console', CreationDate: createdAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(18).text(content.title);
  doc.font('Helvetica').fontSize(10).fillColor('#555555').text(content.subtitle).fillColor('#000000');
  for (const section of content.sections) {
    doc.moveDown(1).font('Helvetica-Bold').fontSize(13).text(section.heading, MARGIN).fontSize(10).moveDown(0.3);
    if ('lines' in section) {
      for (const [label, value] of section.lines) {
        doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
      }
    } else if (!section.rows.length) {
      doc.font('Helvetica').text(section.empty);
    } else {
      table(doc, section.columns, section.rows);
    }
  }
  doc.end();
  return done;
}
