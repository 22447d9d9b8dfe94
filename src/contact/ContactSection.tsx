import { company } from '../content/company';
import { words } from '../content/words';
import { Section } from '../layout/Section';
import { ContactForm } from './ContactForm';

export function ContactSection() {
  return (
    <Section
      name="contact"
      title={words.sections.contact}
      className="contact"
      anchor
      reveal="section"
    >
      <p className="contact__lead">
        {words.contact.lead[0]}
        <a href={`mailto:${company.email}`}>{company.email}</a>
        {words.contact.lead[1]}
      </p>
      <ContactForm />
    </Section>
  );
}
