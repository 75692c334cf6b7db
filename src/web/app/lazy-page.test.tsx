import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

function Greeting({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {`Hola ${name} ${count}`}
    </button>
  );
}

const page = () => Promise.resolve({ Greeting });

describe('lazyPage', () => {
  it('renders a preloaded page at once, with no fallback in between', async () => {
    const load = vi.fn(page);
    const Page = lazyPage(load, 'Greeting');
    await Page.preload();
    render(
      <Suspense fallback={<p>Cargando…</p>}>
        <Page name="Ana" />
      </Suspense>,
    );
    // Synchronously, in the very first commit.
    expect(screen.getByRole('button')).toHaveTextContent('Hola Ana 0');
    expect(screen.queryByText('Cargando…')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends when not preloaded, loads once, and keeps its state after loading', async () => {
    const load = vi.fn(page);
    const Page = lazyPage(load, 'Greeting');
    const { rerender } = render(
      <Suspense fallback={<p>Cargando…</p>}>
        <Page name="Ana" />
      </Suspense>,
    );
    expect(screen.getByText('Cargando…')).toBeInTheDocument();
    const button = await screen.findByRole('button');
    act(() => button.click());
    rerender(
      <Suspense fallback={<p>Cargando…</p>}>
        <Page name="Ana" />
      </Suspense>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('Hola Ana 1');
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks for a chunk again after it failed to load', async () => {
    const load = vi
      .fn<typeof page>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockImplementation(page);
    const Page = lazyPage(load, 'Greeting');
    await expect(Page.preload()).rejects.toThrow('chunk failed');
    await expect(Page.preload()).resolves.toHaveProperty('Greeting');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
