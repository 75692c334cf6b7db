/**
 * The spec's toast titles end in an emoji ('Mensaje Enviado ✅', 'Added to
 * Cart! 🛒'), which a system without an emoji font draws as an empty box. The
 * toaster shows the words alone and draws the emoji as an icon of ours.
 */
const EMOJI = /\s*\p{Extended_Pictographic}\uFE0F?/gu;

/** The emoji of the spec's titles that have an icon (toaster.tsx). */
export type ToastEmoji = '✅' | '🛒';

/** A title's words without its emoji, and the first emoji it carried. */
export function splitToastTitle(title: string): { text: string; emoji: string | null } {
  const found = title.match(EMOJI);
  return {
    text: title.replace(EMOJI, '').trim(),
    emoji: found ? found[0].trim().replace('\uFE0F', '') : null,
  };
}
