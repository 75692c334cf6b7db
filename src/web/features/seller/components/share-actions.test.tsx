import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SELLER_TEXT } from '../seller-text';
import { COPY_FEEDBACK_MS, linkFrom, ShareActions, whatsappUrl } from './share-actions';

const toDataURL = vi.fn(async () => 'data:image/png;base64,QR');
vi.mock('qrcode', () => ({ toDataURL }));

const product = {
  id: 'p1',
  title: 'Lámpara Aurora',
  buyerPriceCents: 1_030_000,
  link: 'http://localhost:3000/pay/p1?ref=abc123',
};

describe('ShareActions', () => {
  let writeText: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    toDataURL.mockClear();
  });

  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'share');
  });

  it('copies the link and says so for 2 seconds', async () => {
    vi.useFakeTimers();
    render(<ShareActions product={product} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: SELLER_TEXT.copyLink }));
    });
    expect(writeText).toHaveBeenCalledWith(product.link);
    expect(screen.getByRole('button', { name: SELLER_TEXT.linkCopied })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(COPY_FEEDBACK_MS - 1));
    expect(screen.getByRole('button', { name: SELLER_TEXT.linkCopied })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: SELLER_TEXT.copyLink })).toBeInTheDocument();
    expect(COPY_FEEDBACK_MS).toBe(2000);
  });

  it('opens WhatsApp with a ready message: product, price and the personal link', () => {
    render(<ShareActions product={product} />);
    const link = screen.getByRole('link', { name: SELLER_TEXT.shareWhatsApp });
    const href = link.getAttribute('href')!;
    expect(href).toBe(whatsappUrl(product));
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    const text = new URL(href).searchParams.get('text')!;
    // The link says it came through WhatsApp (the seller's statistics count the channel).
    expect(text).toContain(`${product.link}${product.link.includes('?') ? '&' : '?'}src=whatsapp`);
    expect(text).toContain('Lámpara Aurora');
    expect(text).toMatch(/\$\s10\.300,00/);
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('loads the QR library only when the QR is opened, and offers the PNG', async () => {
    render(<ShareActions product={product} />);
    expect(toDataURL).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: SELLER_TEXT.showQr }));
    const image = await screen.findByTestId('product-qr');
    expect(toDataURL).toHaveBeenCalledWith(linkFrom(product.link, 'qr'), expect.any(Object));
    expect(linkFrom(product.link, 'qr')).toMatch(/[?&]src=qr$/);
    expect(image).toHaveAttribute('src', 'data:image/png;base64,QR');
    const download = screen.getByRole('link', { name: SELLER_TEXT.downloadQr });
    expect(download).toHaveAttribute('download', 'qr-lampara-aurora.png');
  });

  it("offers the phone's share sheet where the browser has one", async () => {
    const share = vi.fn(async () => {});
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    render(<ShareActions product={product} />);
    fireEvent.click(screen.getByRole('button', { name: new RegExp(SELLER_TEXT.shareNative) }));
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith(
        expect.objectContaining({ url: linkFrom(product.link, 'share') }),
      ),
    );
  });

  it('has no share-sheet button where the browser has none', () => {
    render(<ShareActions product={product} />);
    expect(
      screen.queryByRole('button', { name: new RegExp(SELLER_TEXT.shareNative) }),
    ).not.toBeInTheDocument();
  });
});
