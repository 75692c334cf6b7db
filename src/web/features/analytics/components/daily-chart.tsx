import { useEffect, useRef } from 'react';
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

/**
 * Clicks and orders per day (uPlot, in its own chunk: loaded only on the
 * statistics pages). The chart is a picture for sighted users; the page
 * gives the same numbers as a table for screen readers.
 */
export default function DailyChart({ points }: { points: DailyPoint[] }) {
  const target = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const width = () => Math.max(240, element.clientWidth);
    const height = () => (element.clientWidth < 480 ? 200 : 240);
    const plot = new uPlot(
      {
        width: width(),
        height: height(),
        legend: { show: true, live: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false } },
        series: [
          {},
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
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height: height() }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [points]);

  return <div ref={target} aria-hidden className="w-full overflow-hidden" />;
}
