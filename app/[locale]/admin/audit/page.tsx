import { AuditLog } from '@/components/admin/AuditLog';
import { consoleTitle } from '../metadata';

export const generateMetadata = consoleTitle('audit');

export default function AdminAuditPage() {
  return <AuditLog />;
}
