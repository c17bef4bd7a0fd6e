import { NotificationSettings } from '@/components/admin/NotificationSettings';
import { consoleTitle } from '../metadata';

export const generateMetadata = consoleTitle('notifications');

export default function AdminNotificationsPage() {
  return <NotificationSettings />;
}
