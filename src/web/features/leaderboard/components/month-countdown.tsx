import { useEffect, useState } from 'react';
import { nextMonthStartUtc } from '@/shared/leaderboard/contract';
import { useLatestRewards } from '../api/get-rewards';
import { countdownText, isRunningMonth } from './leaderboard-format';

/**
 * Time left in the (UTC) month shown when the page opened, ticking every second.
 * The end is fixed at mount so that, once it passes, the page says 'New month starts soon!'
 * (the boards roll over on their next refresh) instead of jumping to next month's countdown.
 * Once the running month's rewards are closed (only the sandbox closes a month early), there is
 * nothing left to count down to: a countdown to the end of a month shown as "closed early"
 * contradicted itself (issue 43 §3), so it says the rewards were paid instead.
 */
export function MonthCountdown() {
  const latest = useLatestRewards().data?.month;
  // Read in an effect, not during render: the server renders this page once at start
  // (api/http/prerender.ts), and a clock read there would not match the browser's first render.
  const [clock, setClock] = useState<{ now: number; monthEnd: number } | null>(null);
  useEffect(() => {
    const opened = Date.now();
    const monthEnd = nextMonthStartUtc(new Date(opened)).getTime();
    setClock({ now: opened, monthEnd });
    const timer = setInterval(() => setClock({ now: Date.now(), monthEnd }), 1000);
    return () => clearInterval(timer);
  }, []);
  if (clock && latest && isRunningMonth(latest, new Date(clock.now))) {
    return (
      <p className="text-sm text-slate-300" data-testid="month-closed-early">
        This month's rewards are already paid (closed early).
      </p>
    );
  }
  return (
    <p className="text-sm text-slate-300">
      Month ends in{' '}
      {/* As wide as the longest countdown ('30d 23h 59m 59s') from the first render, when it
          is still blank: on a phone a row that wraps once the text arrives shifted the page. */}
      <span
        data-testid="month-countdown"
        className="inline-block min-w-[15ch] font-mono text-slate-50 tabular-nums"
      >
        {clock ? countdownText(clock.monthEnd - clock.now) : '\u00a0'}
      </span>
    </p>
  );
}
