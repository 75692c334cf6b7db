/**
 * Argentine bank identifiers, checked with their real algorithms. Used by the
 * forms and the server alike (payment gateways, seller payout details, the
 * platform's own account in the configuration).
 */

const digitsOnly = (value: string) => value.replace(/[\s.-]/g, '');

function weightedSum(digits: string, weights: number[]): number {
  return weights.reduce((sum, weight, index) => sum + weight * Number(digits[index]), 0);
}

/**
 * CBU (Clave Bancaria Uniforme): 22 digits in two blocks. The first block is
 * bank (3) + branch (4) + a check digit; the second, account (13) + a check digit.
 */
export function isValidCbu(value: string): boolean {
  const cbu = digitsOnly(value);
  if (!/^\d{22}$/.test(cbu)) return false;
  const firstCheck = (10 - (weightedSum(cbu.slice(0, 7), [7, 1, 3, 9, 7, 1, 3]) % 10)) % 10;
  const secondCheck =
    (10 - (weightedSum(cbu.slice(8, 21), [3, 9, 7, 1, 3, 9, 7, 1, 3, 9, 7, 1, 3]) % 10)) % 10;
  return firstCheck === Number(cbu[7]) && secondCheck === Number(cbu[21]);
}

const CUIT_PREFIXES = new Set(['20', '23', '24', '25', '26', '27', '30', '33', '34']);

/** CUIT/CUIL: 11 digits (type prefix, document, check digit by modulo 11). */
export function isValidCuit(value: string): boolean {
  const cuit = digitsOnly(value);
  if (!/^\d{11}$/.test(cuit) || !CUIT_PREFIXES.has(cuit.slice(0, 2))) return false;
  const remainder = 11 - (weightedSum(cuit.slice(0, 10), [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11);
  const check = remainder === 11 ? 0 : remainder;
  return check !== 10 && check === Number(cuit[10]);
}

/** Alias CBU: 6 to 20 letters, digits, dots and hyphens. */
export function isValidAlias(value: string): boolean {
  return /^[A-Za-z0-9.-]{6,20}$/.test(value.trim());
}

/** 22 digits without separators, as banks print and expect a CBU. */
export function normalizeCbu(value: string): string {
  return digitsOnly(value);
}

/** A CUIT written as banks print it: 30-71234567-1. */
export function formatCuit(value: string): string {
  const cuit = digitsOnly(value);
  return cuit.length === 11 ? `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}` : value;
}

export const BANK_DATA_MESSAGES = {
  cbu: 'El CBU debe tener 22 dígitos y dígitos verificadores válidos.',
  cuit: 'El CUIT debe tener 11 dígitos y un dígito verificador válido.',
  alias: 'El alias debe tener entre 6 y 20 caracteres: letras, números, puntos o guiones.',
} as const;
