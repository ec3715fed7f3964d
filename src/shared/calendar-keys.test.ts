import { describe, expect, it } from 'vitest';
import { dayKeySchema, monthKeySchema } from './calendar-keys.ts';

describe('calendar day and month keys', () => {
  it('takes real calendar days only', () => {
    for (const day of ['2026-02-28', '2024-02-29', '1970-01-01', '9999-12-31']) {
      expect(dayKeySchema.safeParse(day).success, day).toBe(true);
    }
    for (const day of ['2026-02-30', '2026-13-01', '2025-02-29', '0000-01-01', '2026-1-01', '']) {
      expect(dayKeySchema.safeParse(day).success, day).toBe(false);
    }
  });

  it('takes real calendar months only', () => {
    for (const month of ['2026-01', '2026-12'])
      expect(monthKeySchema.safeParse(month).success).toBe(true);
    for (const month of ['0000-01', '2026-13', '2026-00', '2026-1']) {
      expect(monthKeySchema.safeParse(month).success, month).toBe(false);
    }
  });
});
