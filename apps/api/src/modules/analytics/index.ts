/** The analytics module's public face (#25): the rollups other modules' dashboards read. */
export {
  rebuildAnalyticsRollups,
  readAnalyticsSeries,
  readAllTimeCounts,
  rankAnalytics,
  emptyCounts,
  dashboardWindow,
  type SeriesRequest,
} from './analytics-rollups.ts';
export { deleteExpiredAnalytics, registerAnalyticsRetention } from './analytics-retention.ts';
