import { Catalog } from '@/components/admin/Catalog';
import { consoleTitle } from '../metadata';

export const generateMetadata = consoleTitle('catalog');

export default function AdminCatalogPage() {
  return <Catalog />;
}
