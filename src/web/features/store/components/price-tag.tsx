import { cn } from '@web/lib/cn';

interface PriceTagProps {
  priceFormatted: string;
  salePriceFormatted: string | null;
  size?: 'sm' | 'lg';
  className?: string;
}

/** spec 01 §2: the price, with the original struck through when on sale. */
export function PriceTag({
  priceFormatted,
  salePriceFormatted,
  size = 'sm',
  className,
}: PriceTagProps) {
  const onSale = salePriceFormatted !== null && salePriceFormatted !== priceFormatted;
  return (
    <span className={cn('inline-flex flex-wrap items-baseline gap-x-2', className)}>
      <span
        className={cn(
          'font-bold',
          size === 'lg' ? 'text-3xl' : 'text-sm sm:text-base',
          onSale ? 'text-red-700' : 'text-foreground',
        )}
      >
        {onSale ? salePriceFormatted : priceFormatted}
      </span>
      {onSale ? (
        <s
          className={cn('text-muted-foreground', size === 'lg' ? 'text-lg' : 'text-xs sm:text-sm')}
        >
          <span className="sr-only">Original price: </span>
          {priceFormatted}
        </s>
      ) : null}
    </span>
  );
}
