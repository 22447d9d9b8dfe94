import { lazy, Suspense } from 'react';
import { company } from '../content/company';

// The form (validation, draft, sending) is below the fold: its code loads right after hydration
// starts, not with the first paint. The prerendered form shows meanwhile.
const ContactForm = lazy(() => import('./ContactForm').then((m) => ({ default: m.ContactForm })));

export function ContactSection() {
  return (
    <section id="contact" className="section contact" aria-labelledby="contact-title">
      <h2 id="contact-title" className="section__title">
        Contact
      </h2>
      <p className="contact__lead">
        Tell us about your project. We read every message and answer within two working days, or
        write to us at <a href={`mailto:${company.email}`}>{company.email}</a>.
      </p>
      <Suspense>
        <ContactForm />
      </Suspense>
    </section>
  );
}
