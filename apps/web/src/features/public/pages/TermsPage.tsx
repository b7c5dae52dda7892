import { LegalDocument } from '../components/LegalDocument';

export function TermsPage() {
  return <LegalDocument document="terms" />;
}
