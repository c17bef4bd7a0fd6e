import { Reports } from '@/components/admin/Reports';
import { consoleTitle } from '../metadata';

export const generateMetadata = consoleTitle('reports');

export default function AdminReportsPage() {
  return <Reports />;
}
