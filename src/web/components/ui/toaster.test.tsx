import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGES } from '@shared/messages';
import { splitToastTitle } from './toast-emoji';
import { Toaster } from './toaster';
import { toast } from './toast-store';

const EMOJI = /\p{Extended_Pictographic}/u;
/** spec 01 §9's cart toast (the storefront's CART_TEXT.addedTitle). */
const ADDED_TO_CART = 'Added to Cart! 🛒';

describe('toasts', () => {
  it("draw the spec's emoji as icons, so no font can show an empty box", async () => {
    render(<Toaster />);
    for (const title of [SUPPORT_MESSAGES.sentTitle, ADDED_TO_CART]) {
      act(() => toast({ title }));
      const shown = await screen.findByText(splitToastTitle(title).text);
      expect(shown.textContent).not.toMatch(EMOJI);
      expect(shown.querySelector('svg[data-toast-icon]')).not.toBeNull();
    }
  });

  it('keep the words of a title and name its emoji', () => {
    expect(splitToastTitle('Mensaje Enviado ✅')).toEqual({ text: 'Mensaje Enviado', emoji: '✅' });
    expect(splitToastTitle('Added to Cart! 🛒')).toEqual({ text: 'Added to Cart!', emoji: '🛒' });
    expect(splitToastTitle('Listo ✔️ y más')).toEqual({ text: 'Listo y más', emoji: '✔' });
    expect(splitToastTitle('Tu configuración ha sido guardada.')).toEqual({
      text: 'Tu configuración ha sido guardada.',
      emoji: null,
    });
  });
});
