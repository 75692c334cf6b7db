/**
 * A product card's placeholder while the catalogue loads: the card's own box
 * (square image, a title line, two subtitle lines, the button), so the grid has
 * its final size before the products arrive and nothing below it moves.
 */
export function ProductCardSkeleton() {
  return (
    <div
      aria-hidden
      data-testid="product-card-skeleton"
      className="flex flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-sm"
    >
      <div className="aspect-square animate-pulse bg-muted" />
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        <p className="text-sm leading-snug sm:text-base">
          <span className="block h-lh scale-y-75 w-3/4 animate-pulse rounded bg-slate-200/70" />
        </p>
        <p className="flex-1 text-xs sm:text-sm">
          <span className="block h-lh scale-y-75 w-full animate-pulse rounded bg-slate-100" />
          <span className="block h-lh scale-y-75 w-2/3 animate-pulse rounded bg-slate-100" />
        </p>
        <span className="mt-3 block h-9 w-full animate-pulse rounded-lg bg-slate-200/70 sm:h-10" />
      </div>
    </div>
  );
}
