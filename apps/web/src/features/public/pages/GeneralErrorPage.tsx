import { GeneralErrorContent } from '../../../app/shell/GeneralErrorContent';

export function GeneralErrorPage() {
  return <GeneralErrorContent />;
}
