/** The legal texts, as plain pre-formatted text; the studio's facts come from company.ts. */
import { company, formatAddress } from './company';
import { retentionDays } from '../contract/retention';
import { LEGAL_LAST_UPDATED } from './site';

export interface LegalDocument {
  readonly title: string;
  readonly lastUpdated: string;
  readonly body: string;
}

const { name, email } = company;
const address = formatAddress();

/** What section 5 says about how long data is kept: the retention the build was given. */
function keeping(days: number | null): string {
  if (days === null) return 'We keep your data indefinitely, until you ask us to remove it.';
  const period = days === 1 ? '1 day' : `${days} days`;
  return `We keep the messages you send us through the contact form for ${period}. Then we delete them, together with the records we keep to limit how often the form can be sent. A message that has not reached us yet, because the service that brings it to us failed, is kept until it has reached us, and deleted then. You can ask us to remove your data sooner.`;
}

/** The privacy policy for a retention in days (null: kept until removal is asked). */
function privacyPolicyFor(days: number | null): LegalDocument {
  return {
    title: 'Privacy Policy',
    lastUpdated: LEGAL_LAST_UPDATED,
    body: `${name} ("we", "us") builds mobile apps, websites and other digital services. This policy explains what we collect when you use them, why, and what you can ask of us.

1. WHAT WE COLLECT
   - Your email address and your phone number, which we use to sign you in (authentication) and to reach you about your account.
   - Your location, only if you grant permission on your device. You can withdraw that permission at any time in your device settings.
   We collect nothing else about you.

2. COOKIES AND TRACKING
   We use no cookies and no tracking of any kind: no analytics profiles, no advertising identifiers, no third-party trackers.

3. SHARING
   We do not sell, rent or share your information with third parties, except where we are required to do so by law.

4. STORAGE AND SECURITY
   Your data is stored in a cloud document database and is encrypted at rest. Access is limited to the people who need it to run the service. Messages sent through the contact form are checked for spam on our own server; nothing of them is sent anywhere else for it.

5. RETENTION AND REMOVAL
   ${keeping(days)} To have your data removed, contact us at the address below. We then delete every message you sent us through the contact form, any copy still waiting to be mailed, what our spam filter learnt from them, and the records we keep to limit how often the form can be sent, and we tell you what we removed. If you ask, we first send you a copy of everything we hold about you.

6. CHILDREN
   Our services are not for children. Children under 13 are prohibited from using them, and we do not knowingly collect their data.

7. CHANGES TO THIS POLICY
   When this policy changes, we post the new version on this page and update the date below the title.

8. CONTACT
   Email: ${email}
   Post:  ${name}
          ${address}
`,
  };
}

export const privacyPolicy: LegalDocument = privacyPolicyFor(retentionDays(__RETENTION_DAYS__));

export const termsAndConditions: LegalDocument = {
  title: 'Terms & Conditions',
  lastUpdated: LEGAL_LAST_UPDATED,
  body: `These terms govern your use of the websites, apps and services of ${name} ("we", "us"). By using them you agree to these terms.

1. WAIVER OF LIABILITY
   Our services are provided "as is" and "as available", without warranties of any kind. To the fullest extent the law allows, we are not liable for any damages arising from your use of, or inability to use, our services.

2. YOUR CONDUCT
   You must not use our services to:
   - post or send harassing, hateful or offensive content;
   - carry out or promote any illegal activity;
   - infringe anyone's intellectual property rights.

3. TERMINATION OF ACCESS
   We may suspend or terminate your access at any time, without warning, if we believe you have broken these terms.

4. OUR PROPERTY
   ${name} owns all of its property: its software, designs, text, logos and other content. Nothing in these terms transfers any of it to you.

5. GOVERNING LAW AND DISPUTES
   These terms are governed by the laws of the State of Nebraska, USA. At our discretion, any dispute will be resolved by binding arbitration.

6. ENDING THIS AGREEMENT
   Either party may terminate this agreement by written notice to the other.

7. CHANGES TO THESE TERMS
   We may change these terms at any time without notice. Your continued use of our services after a change means you accept the new terms.

8. ENTIRE AGREEMENT AND SEVERABILITY
   These terms are the entire agreement between you and us about our services. If any part of them is found unenforceable, the rest remains in full force and effect.

9. CONTACT
   Questions about these terms: ${email}
`,
};
