/**
 * Evaluated just before uPlot's module (uplot.ts imports it first): while uPlot's module runs,
 * `Intl.NumberFormat` and `Intl.DateTimeFormat` give stand-ins that make no real formatter until
 * one is used. uPlot makes two when it loads (its default number format and the local time
 * zone), though the chart is given its own formatters and never uses them; the first Intl object
 * a page makes starts ICU, one long task of 150–300 ms on a loaded phone. Module
 * evaluation is synchronous, so nothing else runs while they are in place; `restoreIntl` puts the
 * real classes back right after.
 */
const { NumberFormat, DateTimeFormat } = Intl;

type IntlClass = new (...args: never[]) => object;

function standIn(Real: IntlClass, known: Record<string, unknown> = {}) {
  return function StandIn(...args: never[]) {
    let real: object | undefined;
    return new Proxy(known, {
      get(target, key) {
        if (key in target) return Reflect.get(target, key);
        real ??= new Real(...args);
        const value = Reflect.get(real, key);
        return typeof value === 'function' ? value.bind(real) : value;
      },
    });
  };
}

Intl.NumberFormat = standIn(NumberFormat) as unknown as typeof Intl.NumberFormat;
// uPlot reads `new Intl.DateTimeFormat().resolvedOptions().timeZone` only to compare it with the
// zone given to uPlot.tzDate, which this chart never calls.
Intl.DateTimeFormat = standIn(DateTimeFormat, {
  resolvedOptions: () => ({ locale: 'en-US', timeZone: 'UTC' }),
}) as unknown as typeof Intl.DateTimeFormat;

export function restoreIntl() {
  Intl.NumberFormat = NumberFormat;
  Intl.DateTimeFormat = DateTimeFormat;
}
