import { company } from '../content/company';
import { Section } from '../layout/Section';
import { ContactForm } from './ContactForm';

export function ContactSection() {
  return (
    <Section name="contact" title="Contact" className="contact" anchor reveal="section">
      <p className="contact__lead">
        Tell us about your project. We read every message and answer within two working days, or
        write to us at <a href={`mailto:${company.email}`}>{company.email}</a>.
      </p>
      <ContactForm />
    </Section>
  );
}
