/**
 * What a company's transfer instructions add to the page's own advice. The page
 * already says to write the order's reference in the transfer's concept (with
 * the reference itself), so sentences of the company's text that ask the same
 * are left out rather than read twice; null when nothing else remains.
 */
export function extraTransferInstructions(instructions: string | null | undefined): string | null {
  if (!instructions) return null;
  const sentences = instructions.match(/[^.!?]+[.!?]*/g) ?? [];
  const rest = sentences
    .filter((sentence) => !/referencia/i.test(sentence.normalize('NFD')))
    .map((sentence) => sentence.trim())
    .filter(Boolean);
  return rest.length > 0 ? rest.join(' ') : null;
}
