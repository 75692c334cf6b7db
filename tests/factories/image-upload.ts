import type { CreatedUser } from './accounts';
import type { TestApp } from '../setup/test-app';

const BOUNDARY = 'vendemasimages';

/** The content type of a `multipart` body. */
export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** A multipart body with these files (in the `file` field unless told). */
export function multipart(files: { name: string; data: Buffer; field?: string }[]): Buffer {
  return Buffer.concat([
    ...files.flatMap((file) => [
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
}

/** A company's upload of images to one of its products. */
export function uploadProductImages(
  t: TestApp,
  user: CreatedUser,
  productId: string,
  files: { name: string; data: Buffer; field?: string }[],
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/company/products/${productId}/images`,
    headers: {
      origin: t.config.appUrl,
      cookie: user.cookie,
      'content-type': MULTIPART_TYPE,
    },
    payload: multipart(files),
  });
}
