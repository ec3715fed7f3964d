import { useEffect, useState } from 'react';
import { nextMonthStartUtc } from '@/shared/leaderboard/contract';
import { countdownText } from './leaderboard-format';

/** Spec §2, §9: time left in the (UTC) month, ticking every second. */
export function MonthCountdown() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = nextMonthStartUtc(new Date(now)).getTime() - now;
  return (
    <p className="text-sm text-slate-300">
      Month ends in{' '}
      <span data-testid="month-countdown" className="font-mono text-slate-50 tabular-nums">
        {countdownText(left)}
      </span>
    </p>
  );
}
