import { LegalDocument } from '../components/LegalDocument';

export function PrivacyPage() {
  return <LegalDocument document="privacy" />;
}
