export { activitiesKey, activityText, useRecentActivities } from './activities-api';
