import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows: pdfkit writes its standard fonts' text as hex strings
 * in (deflated) content streams, `[<48 65> 20 <6c6c6f>] TJ`.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      content = raw.slice(start, end);
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      texts.push(
        [...array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)]
          .map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1'))
          .join(''),
      );
    }
  }
  return texts.join('\n');
}
