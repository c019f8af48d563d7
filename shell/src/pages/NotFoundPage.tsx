import { Card } from '@satta/shared/ui';
import { Link } from '../router/router.tsx';
import { useDocumentTitle } from '../hooks/useDocumentTitle.ts';
import { NOT_FOUND_TITLE, PATHS } from '../routes.ts';
import { GO_HOME, NOT_FOUND_EN, NOT_FOUND_HI } from '../strings.ts';

export function NotFoundPage() {
  useDocumentTitle(NOT_FOUND_TITLE);
  return (
    <Card>
      <h1 lang="hi">{NOT_FOUND_HI}</h1>
      <p lang="en">{NOT_FOUND_EN}</p>
      <Link to={PATHS.home}>{GO_HOME}</Link>
    </Card>
  );
}
