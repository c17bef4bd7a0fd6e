import { NewOffer } from '@/components/admin/OfferEditor';
import { consoleTitle } from '../../metadata';

export const generateMetadata = consoleTitle('newOffer');

export default function AdminNewOfferPage() {
  return <NewOffer />;
}
