import { StaffSessions } from '@/components/admin/StaffSessions';
import { consoleTitle } from '../metadata';

export const generateMetadata = consoleTitle('sessions');

export default function AdminSessionsPage() {
  return <StaffSessions />;
}
