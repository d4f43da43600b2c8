export { activitiesKey, useRecentActivities } from './activities-api';
