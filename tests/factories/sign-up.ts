import { TEST_PASSWORD } from './test-password';

/** A multipart body built by hand, as a browser's FormData would send it. */
export function signUpMultipart(
  fields: Record<string, string | string[]>,
  file?: { name: string; data: Buffer; type?: string },
) {
  const boundary = `----vendemas${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${item}\r\n`,
        ),
      );
    }
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A seller's sign-up fields (the identity document goes as the file). */
export const sellerSignUpFields = (email: string) => ({
  name: 'Sergio Vendedor',
  email,
  password: TEST_PASSWORD,
  confirmPassword: TEST_PASSWORD,
  role: 'seller',
  province: 'Córdoba',
});
