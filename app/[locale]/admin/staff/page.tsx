import { StaffList } from '@/components/admin/StaffList';
import { consoleTitle } from '../metadata';

export const generateMetadata = consoleTitle('staff');

export default function AdminStaffPage() {
  return <StaffList />;
}
