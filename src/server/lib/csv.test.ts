import { describe, expect, it } from 'vitest';
import { csvCell, csvDate, csvDocument, csvLine, csvPesos } from './csv';

describe('csv', () => {
  it('quotes separators and quotes, and never lets a cell be read as a formula', () => {
    expect(csvCell('Yerba; 1 kg')).toBe('"Yerba; 1 kg"');
    expect(csvCell('dice "hola"')).toBe('"dice ""hola"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+54 9 11')).toBe("'+54 9 11");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(null)).toBe('');
  });

  it('guards a cell that starts with a tab or a carriage return, which spreadsheets skip before a formula', () => {
    expect(csvCell('\t=HYPERLINK("http://x")')).toBe(`"'\t=HYPERLINK(""http://x"")"`);
    expect(csvCell('\t+54 9 11')).toBe("'\t+54 9 11");
    expect(csvCell('\r=1+2')).toBe(`"'\r=1+2"`);
    expect(csvCell('\r@SUM(A1)')).toBe(`"'\r@SUM(A1)"`);
  });

  it('writes amounts with a decimal comma, negatives as numbers', () => {
    expect(csvPesos(1_234_567)).toBe('12345,67');
    expect(csvPesos(5)).toBe('0,05');
    expect(csvPesos(-75_000)).toBe('-750,00');
    expect(csvCell(csvPesos(-75_000))).toBe('-750,00');
  });

  it('starts with a byte-order mark and ends lines with CRLF; dates in Argentine time', () => {
    expect(csvDocument([csvLine(['a', 1]), csvLine(['b', 2])])).toBe('\uFEFFa;1\r\nb;2\r\n');
    expect(csvDate(new Date('2026-03-01T02:30:00Z'))).toBe('28/02/2026 23:30');
  });
});
