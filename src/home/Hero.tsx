import { company } from '../content/company';

/** The first viewport: the company name as the page's heading, outlined and centred. */
export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <h1 id="hero-title" className="hero__title">
        <span className="hero__title-text">{company.name}</span>
      </h1>
      <p className="hero__tagline">{company.tagline}</p>
    </section>
  );
}
