import type { ActivityFeedItem } from '@client/components/activity-feed';
import type { Activity } from '@domain/activities/activity-types';
import {
  Activity as ActivityIcon,
  DollarSign,
  FileText,
  Globe,
  type LucideIcon,
  Sparkles,
  UserPlus,
} from 'lucide-react';
import { activityText } from './activities-api';

const activityIcons: Record<string, LucideIcon> = {
  content_generated: Sparkles,
  content_created: FileText,
  payment_received: DollarSign,
  contact_added: UserPlus,
  website_added: Globe,
  website_removed: Globe,
};

/** The workspace's activities as entries of the shared ActivityFeed, in the reader's language. */
export function activityFeedItems(activities: Activity[]): ActivityFeedItem[] {
  return activities.map((activity) => ({
    id: activity.id,
    icon: activityIcons[activity.type] ?? ActivityIcon,
    text: activityText(activity),
    at: activity.createdAt,
  }));
}
