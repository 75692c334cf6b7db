import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { KeyboardEvent, ReactNode } from 'react';
import { cn } from '@web/lib/cn';

export interface CarouselSlide {
  key: string;
  content: ReactNode;
  /** A small version for the thumbnail strip. */
  thumbnail?: ReactNode;
}

interface CarouselProps {
  slides: CarouselSlide[];
  index: number;
  onIndexChange: (index: number) => void;
  label: string;
  previousLabel: string;
  nextLabel: string;
  slideLabel: (n: number) => string;
  className?: string;
}

/** Wraps an index into 0…count-1, so previous on the first slide shows the last. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/**
 * A controlled image carousel: previous/next with wraparound, dots, arrow keys,
 * and thumbnails from the sm breakpoint up.
 */
export function Carousel({
  slides,
  index,
  onIndexChange,
  label,
  previousLabel,
  nextLabel,
  slideLabel,
  className,
}: CarouselProps) {
  const count = slides.length;
  const active = wrapIndex(index, count);
  const go = (next: number) => onIndexChange(wrapIndex(next, count));
  const several = count > 1;

  function onKeyDown(event: KeyboardEvent) {
    if (!several) return;
    if (event.key === 'ArrowLeft') go(active - 1);
    else if (event.key === 'ArrowRight') go(active + 1);
    else return;
    event.preventDefault();
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={cn('space-y-3', className)}
      onKeyDown={onKeyDown}
    >
      <div className="relative overflow-hidden rounded-2xl border border-border bg-white">
        <div
          className="flex transition-transform duration-300 ease-out"
          style={{ transform: `translateX(-${active * 100}%)` }}
        >
          {slides.map((slide, i) => (
            <div
              key={slide.key}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} / ${count}`}
              aria-hidden={i !== active}
              className="aspect-square w-full shrink-0"
              data-active={i === active ? '' : undefined}
            >
              {slide.content}
            </div>
          ))}
        </div>
        {several ? (
          <>
            <button
              type="button"
              onClick={() => go(active - 1)}
              aria-label={previousLabel}
              className="absolute top-1/2 left-3 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-foreground shadow-md ring-1 ring-black/5 hover:bg-white"
            >
              <ChevronLeft className="size-5" aria-hidden />
            </button>
            <button
              type="button"
              onClick={() => go(active + 1)}
              aria-label={nextLabel}
              className="absolute top-1/2 right-3 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-foreground shadow-md ring-1 ring-black/5 hover:bg-white"
            >
              <ChevronRight className="size-5" aria-hidden />
            </button>
            <div className="absolute inset-x-0 bottom-3 flex justify-center gap-1.5">
              <SlideButtons
                slides={slides}
                active={active}
                onSelect={go}
                slideLabel={slideLabel}
                buttonClassName={() => 'flex size-6 items-center justify-center'}
                render={(_, current) => (
                  <span
                    className={cn(
                      'block size-2.5 rounded-full ring-1 ring-black/10 transition-colors',
                      current ? 'bg-primary' : 'bg-white/90',
                    )}
                  />
                )}
              />
            </div>
          </>
        ) : null}
      </div>
      {several ? (
        <div className="hidden gap-3 sm:flex" data-testid="carousel-thumbnails">
          <SlideButtons
            slides={slides}
            active={active}
            onSelect={go}
            slideLabel={slideLabel}
            buttonClassName={(current) =>
              cn(
                'size-20 overflow-hidden rounded-lg border-2 bg-white transition',
                current ? 'border-primary' : 'border-transparent opacity-70 hover:opacity-100',
              )
            }
            render={(slide) => slide.thumbnail ?? slide.content}
          />
        </div>
      ) : null}
    </section>
  );
}

/** A button per slide (dots, thumbnails) that shows it, marked current while it is shown. */
function SlideButtons({
  slides,
  active,
  onSelect,
  slideLabel,
  buttonClassName,
  render,
}: {
  slides: CarouselSlide[];
  active: number;
  onSelect: (index: number) => void;
  slideLabel: (n: number) => string;
  buttonClassName: (current: boolean) => string;
  render: (slide: CarouselSlide, current: boolean) => ReactNode;
}) {
  return slides.map((slide, i) => (
    <button
      key={slide.key}
      type="button"
      onClick={() => onSelect(i)}
      aria-label={slideLabel(i + 1)}
      aria-current={i === active ? 'true' : undefined}
      className={buttonClassName(i === active)}
    >
      {render(slide, i === active)}
    </button>
  ));
}
