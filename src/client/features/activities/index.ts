export { activitiesKey, activityText, useRecentActivities } from './activities-api';
export { activityFeedItems } from './activity-feed-items';
