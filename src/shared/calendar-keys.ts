import { z } from 'zod';

/**
 * Real UTC calendar days and months, for every route that takes one (decision 0049). A shape
 * check is not enough: "2026-02-30" and "2026-13-01" look like days, and "0000-01" like a month,
 * but the database has no such date (year 0 does not exist), so they failed there as a 500 or a
 * job retried forever. Years 1970-9999: nothing the product keeps is older than the Unix epoch.
 */
const isRealDay = (day: string) => {
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
};
const inYears = (key: string) => {
  const year = Number(key.slice(0, 4));
  return year >= 1970 && year <= 9999;
};

export const dayKeySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day is YYYY-MM-DD')
  .refine((d) => isRealDay(d) && inYears(d), 'not a calendar day (years 1970-9999)');

export const monthKeySchema = z
  .string()
  .regex(/^\d{4}-\d{2}$/, 'a month is YYYY-MM')
  .refine((m) => isRealDay(`${m}-01`) && inYears(m), 'not a calendar month (years 1970-9999)');
