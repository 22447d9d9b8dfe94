import { company } from '../content/company';

export function Welcome() {
  return (
    <section className="section welcome" aria-labelledby="welcome-title">
      <h2 id="welcome-title" className="section__title">
        Welcome
      </h2>
      {company.welcome.map((paragraph) => (
        <p key={paragraph} className="welcome__text">
          {paragraph}
        </p>
      ))}
    </section>
  );
}
