import PDFDocument from 'pdfkit';

/** The documents' common page: A4, 48 pt margins, the brand's colours. */
export const PDF_STYLE = {
  margin: 48,
  /** The printable width between the margins of an A4 page. */
  width: 499,
  brand: '#0369a1',
  ink: '#0f172a',
  muted: '#475569',
  rule: '#94a3b8',
} as const;

/** A new A4 document and the promise of its bytes once `doc.end()` is called. */
export function createPdf(title: string): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: 'A4', margin: PDF_STYLE.margin, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) =>
    doc.on('end', () => resolve(Buffer.concat(chunks))),
  );
  return { doc, done };
}
