import { company } from '../content/company';
import { ContactForm } from './ContactForm';

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
      <ContactForm />
    </section>
  );
}
