import { useEffect, useRef, type KeyboardEvent } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatShortDay } from '@shared/time';

export interface DailyPoint {
  day: string;
  clicks: number;
  orders: number;
}

const CLICKS = '#0369a1';
const ORDERS = '#059669';

/** The keys that walk the days while the chart has the focus. */
const STEPS: Record<string, (index: number, last: number) => number> = {
  ArrowLeft: (index) => index - 1,
  ArrowRight: (index) => index + 1,
  Home: () => 0,
  End: (_index, last) => last,
};

/**
 * Clicks and orders per day (uPlot, in its own chunk: loaded only on the
 * statistics pages). The legend under it reads the day under the pointer, or,
 * with the keyboard's focus on the chart, the day the arrow keys reach. The
 * page gives the same numbers as a table for screen readers.
 */
export default function DailyChart({ points }: { points: DailyPoint[] }) {
  const target = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const focused = useRef(points.length - 1);

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const width = () => Math.max(240, element.clientWidth);
    const height = () => (element.clientWidth < 480 ? 200 : 240);
    const plot = new uPlot(
      {
        width: width(),
        height: height(),
        legend: { show: true, live: true },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false } },
        series: [
          {
            label: 'Día',
            value: (_plot, index) => {
              const point = index == null ? undefined : points[Math.round(index)];
              return point ? formatShortDay(point.day) : '—';
            },
          },
          { label: 'Clics', stroke: CLICKS, width: 2, fill: 'rgba(3, 105, 161, 0.08)' },
          { label: 'Pedidos', stroke: ORDERS, width: 2, points: { show: true, size: 5 } },
        ],
        axes: [
          {
            // Index on x: each tick names its Argentine day, whatever the browser's zone.
            values: (_plot, splits) =>
              splits.map((index) => {
                const point = points[Math.round(index)];
                return point && Number.isInteger(index) ? formatShortDay(point.day) : '';
              }),
            space: 60,
          },
          {
            values: (_plot, splits) =>
              splits.map((value) => (Number.isInteger(value) ? String(value) : '')),
          },
        ],
      },
      [
        points.map((_point, index) => index),
        points.map((p) => p.clicks),
        points.map((p) => p.orders),
      ],
      element,
    );
    plotRef.current = plot;
    focused.current = points.length - 1;
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height: height() }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plotRef.current = null;
      plot.destroy();
    };
  }, [points]);

  /** Puts the cursor on one day, as the pointer would, so the legend reads it. */
  const show = (index: number) => {
    const plot = plotRef.current;
    const point = points[index];
    if (!plot || !point) return;
    focused.current = index;
    plot.setCursor({ left: plot.valToPos(index, 'x'), top: plot.valToPos(point.clicks, 'y') });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    show(Math.min(points.length - 1, Math.max(0, step(focused.current, points.length - 1))));
  };

  return (
    <div
      ref={target}
      role="img"
      aria-label="Gráfico de clics y pedidos por día; con el foco, las flechas recorren los días"
      tabIndex={0}
      onFocus={() => show(focused.current)}
      onBlur={() => plotRef.current?.setCursor({ left: -10, top: -10 })}
      onKeyDown={onKeyDown}
      className="w-full overflow-hidden rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    />
  );
}
