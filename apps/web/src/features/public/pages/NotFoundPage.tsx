import { NotFoundContent } from '../../../app/shell/NotFoundContent';

export function NotFoundPage() {
  return <NotFoundContent />;
}
