/** The legal routes, in a chunk of their own: the home page never loads the legal copy. */
import { privacyPolicy, termsAndConditions } from '../content/legal';
import { LegalPage } from './LegalPage';

export function PrivacyPolicyPage() {
  return <LegalPage document={privacyPolicy} />;
}

export function TermsPage() {
  return <LegalPage document={termsAndConditions} />;
}
