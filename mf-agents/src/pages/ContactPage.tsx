import { useRead } from '@satta/shared/data';
import { contactDetails } from '../contact/contactDetails.ts';
import { ContactView } from './ContactView.tsx';

/** Exposed page at /contact: mail, contact name and WhatsApp chat from main info (`mian`). */
export default function ContactPage() {
  const { data, error } = useRead((service) => service.mainInfo$(), []);
  // A failed read is only logged (docs/product.md, Contact); the page then says the details are
  // missing.
  const loading = data === undefined && error === null;
  return <ContactView details={loading ? null : contactDetails(data)} />;
}
