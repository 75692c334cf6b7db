import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';

/**
 * Renders content/terminos.md (a small Markdown subset: #, ##, - and paragraphs)
 * to the PDF served at /terminos.pdf.
 */
export async function generateTermsPdf(sourceFile: string, outputFile: string): Promise<void> {
  const source = readFileSync(sourceFile, 'utf8');
  mkdirSync(path.dirname(outputFile), { recursive: true });
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 64, bottom: 64, left: 64, right: 64 },
    info: {
      Title: 'Términos y Condiciones de VendeMás',
      Author: 'VendeMás',
      Subject: 'Términos y Condiciones',
    },
    lang: 'es-AR',
    // Uncompressed text keeps the document searchable by simple tools and tests.
    compress: false,
  });
  const done = new Promise<void>((resolve, reject) => {
    const out = createWriteStream(outputFile);
    out.on('finish', resolve);
    out.on('error', reject);
    doc.pipe(out);
  });

  const brand = '#0c4a6e';
  for (const raw of source.split(/\n{2,}/)) {
    const block = raw.trim();
    if (!block) continue;
    if (block.startsWith('# ')) {
      doc
        .font('Helvetica-Bold')
        .fontSize(20)
        .fillColor(brand)
        .text(block.slice(2), { align: 'left' });
      doc.moveDown(0.6);
    } else if (block.startsWith('## ')) {
      doc.moveDown(0.4);
      doc.font('Helvetica-Bold').fontSize(13).fillColor(brand).text(block.slice(3));
      doc.moveDown(0.3);
    } else if (block.startsWith('- ')) {
      const items = block.split('\n').map((line) => line.replace(/^- /, '').trim());
      doc.font('Helvetica').fontSize(10.5).fillColor('#1e293b');
      doc.list(items, { bulletRadius: 2, textIndent: 12, bulletIndent: 4, paragraphGap: 3 });
      doc.moveDown(0.5);
    } else {
      doc.font('Helvetica').fontSize(10.5).fillColor('#1e293b').text(block.replace(/\n/g, ' '), {
        align: 'justify',
        lineGap: 2,
      });
      doc.moveDown(0.6);
    }
  }
  doc.end();
  await done;
}
