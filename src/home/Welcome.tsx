import { company } from '../content/company';
import { words } from '../content/words';
import { Section } from '../layout/Section';

export function Welcome() {
  return (
    <Section name="welcome" title={words.sections.welcome} className="welcome" reveal="section">
      {company.welcome.map((paragraph) => (
        <p key={paragraph} className="welcome__text">
          {paragraph}
        </p>
      ))}
    </Section>
  );
}
