import { company } from '../content/company';
import { Section } from '../layout/Section';
// Part of the app, which comes after the first paint (src/boot.ts): once the page has hydrated,
// so has the form, and a press on Send held until then reaches its handler.
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
