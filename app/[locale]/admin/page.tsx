import { Overview } from '@/components/admin/Overview';
import { consoleTitle } from './metadata';

export const generateMetadata = consoleTitle('overview');

export default function AdminOverviewPage() {
  return <Overview />;
}
