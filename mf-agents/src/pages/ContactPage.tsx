import { contactDetails } from '../contact/contactDetails.ts';
import { useMainInfo } from '../hooks/useMainInfo.ts';
import { ContactView } from './ContactView.tsx';

/** Exposed page at /contact: mail, contact name and WhatsApp chat from main info. */
export default function ContactPage() {
  const { data, error } = useMainInfo();
  // A failed read is only logged (docs/product.md, Contact); the page then says the details are
  // missing.
  const loading = data === undefined && error === null;
  return <ContactView details={loading ? null : contactDetails(data)} />;
}
