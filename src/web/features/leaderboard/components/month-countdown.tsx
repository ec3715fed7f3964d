import { useEffect, useState } from 'react';
import { nextMonthStartUtc } from '@/shared/leaderboard/contract';
import { countdownText } from './leaderboard-format';

/**
 * Spec §2, §9: time left in the (UTC) month shown when the page opened, ticking every second.
 * The end is fixed at mount so that, once it passes, the page says 'New month starts soon!'
 * (the boards roll over on their next refresh) instead of jumping to next month's countdown.
 */
export function MonthCountdown() {
  const [now, setNow] = useState(() => Date.now());
  const [monthEnd] = useState(() => nextMonthStartUtc(new Date(now)).getTime());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = monthEnd - now;
  return (
    <p className="text-sm text-slate-300">
      Month ends in{' '}
      <span data-testid="month-countdown" className="font-mono text-slate-50 tabular-nums">
        {countdownText(left)}
      </span>
    </p>
  );
}
