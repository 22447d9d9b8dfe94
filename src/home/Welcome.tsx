import { company } from '../content/company';
import { Section } from '../layout/Section';

export function Welcome() {
  return (
    <Section name="welcome" title="Welcome" className="welcome" reveal="section">
      {company.welcome.map((paragraph) => (
        <p key={paragraph} className="welcome__text">
          {paragraph}
        </p>
      ))}
    </Section>
  );
}
