export { activityCsv, csvField } from './csv.ts';
export { type ActivityCursor, decodeCursor, encodeCursor } from './cursor.ts';
export { recordDashboardVisit } from './first-visit.ts';
export { type ActivityParams, listActivity } from './list-activity.ts';
export { confirmedUpTotal } from './up-total.ts';
