import { waLink } from '@satta/shared/domain/agents';
import { isContactEmail } from '@satta/shared/domain/validation';
import type { MainInfo } from '@satta/shared/data';

export interface ContactDetails {
  firstName: string | null;
  email: string | null;
  mailto: string | null;
  phone: string | null;
  whatsapp: string | null;
}

function trimmed(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' ? null : text;
}

/** What the contact page can offer from main info; every part is null when it is missing or unusable. */
export function contactDetails(info: MainInfo | undefined): ContactDetails {
  const name = trimmed(info?.name);
  const email = trimmed(info?.email);
  const phone = trimmed(info?.phnnumber);
  const validEmail = email !== null && isContactEmail(email) ? email : null;
  return {
    firstName: name === null ? null : (name.split(/\s+/)[0] ?? null),
    email: validEmail,
    mailto: validEmail === null ? null : `mailto:${validEmail}`,
    phone,
    whatsapp: phone === null ? null : waLink(phone),
  };
}
