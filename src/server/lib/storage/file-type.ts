/** The kinds of upload we accept, recognised by their first bytes, never by name or header. */
export type DetectedType = {
  mime: 'application/pdf' | 'image/jpeg' | 'image/png';
  extension: string;
};

export function detectFileType(data: Buffer): DetectedType | null {
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') {
    return { mime: 'application/pdf', extension: 'pdf' };
  }
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return { mime: 'image/png', extension: 'png' };
  }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) {
    return { mime: 'image/jpeg', extension: 'jpg' };
  }
  return null;
}
