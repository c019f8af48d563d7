import { RemoteWidget } from '../remotes/RemoteWidget.tsx';
import { useDocumentTitle } from '../hooks/useDocumentTitle.ts';
import { PATHS, TITLES } from '../routes.ts';

/** /contact: the contact page of mf-agents. */
export function ContactRoute() {
  useDocumentTitle(TITLES[PATHS.contact]);
  return <RemoteWidget remote="mf-agents" exposed="ContactPage" />;
}
