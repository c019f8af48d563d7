import { RemoteWidget } from '../remotes/RemoteWidget.tsx';
import { useDocumentTitle } from '../hooks/useDocumentTitle.ts';
import { PATHS, TITLES } from '../routes.ts';

/** /corrections: the public list of changed published numbers (mf-results). */
export function CorrectionsRoute() {
  useDocumentTitle(TITLES[PATHS.corrections]);
  return <RemoteWidget remote="mf-results" exposed="Corrections" />;
}
