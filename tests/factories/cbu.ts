import { randomInt } from 'node:crypto';

const checkDigit = (digits: string, weights: number[]) =>
  (10 - (weights.reduce((sum, weight, index) => sum + weight * Number(digits[index]), 0) % 10)) %
  10;

const randomDigits = (length: number) =>
  Array.from({ length }, () => String(randomInt(10))).join('');

/**
 * A CBU with valid check digits that no other seller has (bank 285, a random
 * branch and account): two sellers saving the same one raise a risk flag on
 * both, and the demo seller has a CBU too.
 */
export function uniqueCbu(): string {
  const branch = `285${randomDigits(4)}`;
  const account = randomDigits(13);
  return `${branch}${checkDigit(branch, [7, 1, 3, 9, 7, 1, 3])}${account}${checkDigit(account, [3, 9, 7, 1, 3, 9, 7, 1, 3, 9, 7, 1, 3])}`;
}
