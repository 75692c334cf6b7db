import { Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '@web/lib/cn';
import { CHECKOUT_TEXT } from '../checkout-messages';

/** Seconds left on the reservation, counted with the server's clock. */
export function useSecondsLeft(reservedUntil: string, serverNow: string): number {
  // How far the device's clock is from the server's, measured when the data arrived.
  const [offset] = useState(() => Date.parse(serverNow) - Date.now());
  const compute = () =>
    Math.max(0, Math.floor((Date.parse(reservedUntil) - (Date.now() + offset)) / 1000));
  const [seconds, setSeconds] = useState(compute);
  useEffect(() => {
    setSeconds(compute());
    const timer = setInterval(() => setSeconds(compute()), 1000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reservedUntil, offset]);
  return seconds;
}

export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

export function ReservationTimer({ seconds }: { seconds: number }) {
  const urgent = seconds < 5 * 60;
  return (
    <p
      className={cn(
        'flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium',
        urgent ? 'bg-amber-50 text-amber-900' : 'bg-sky-50 text-sky-900',
      )}
      data-testid="reservation-timer"
    >
      <Clock className="size-4 shrink-0" aria-hidden />
      {seconds > 0 ? (
        <span>
          {CHECKOUT_TEXT.reservedFor('')}
          {/* Announced once a minute at most: the live region holds the minutes only. */}
          <span className="font-semibold tabular-nums">{formatCountdown(seconds)}</span>
          <span className="sr-only" aria-live="polite">
            {`${Math.ceil(seconds / 60)} min`}
          </span>
        </span>
      ) : (
        <span>{CHECKOUT_TEXT.reservationEnded}</span>
      )}
    </p>
  );
}
