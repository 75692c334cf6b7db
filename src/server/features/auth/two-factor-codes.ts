import { randomInt } from 'node:crypto';

/** A code of the authenticator app: six digits (spaces people type are dropped). */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s/g, ''));
}

/**
 * Backup codes are 10 characters from an alphabet without look-alikes (no 0/o,
 * 1/l/i), in lower case and shown as `xxxxx-xxxxx`: about 49 bits each, easy
 * to copy from paper. People may type them in capitals, with or without the dash.
 */
const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function generateBackupCodes(amount = 10): string[] {
  return Array.from({ length: amount }, () => {
    let code = '';
    for (let i = 0; i < 10; i++) code += BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

export function normalizeBackupCode(code: string): string {
  const compact = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return compact.length === 10 ? `${compact.slice(0, 5)}-${compact.slice(5)}` : code.trim();
}
