/**
 * Counts as people read them: «1 vendedor», «3 vendedores», «1.250 pedidos».
 * Every count shown with its noun goes through here, so the noun always
 * agrees with the number (Intl's plural rules for Spanish: only 1 is singular).
 */
const rules = new Intl.PluralRules('es-AR');
const numbers = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 0 });

/** The noun that agrees with `count`: `plural(1, 'vendedor', 'vendedores')` → 'vendedor'. */
export function plural(count: number, one: string, many: string): string {
  return rules.select(count) === 'one' ? one : many;
}

/** The count with its noun: `countOf(3, 'vendedor', 'vendedores')` → '3 vendedores'. */
export function countOf(count: number, one: string, many: string): string {
  return `${numbers.format(count)} ${plural(count, one, many)}`;
}
