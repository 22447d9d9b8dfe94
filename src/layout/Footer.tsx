import { Link } from 'react-router-dom';
import { company } from '../content/company';
import { useCurrentYear } from './useCurrentYear';

export function Footer() {
  const year = useCurrentYear();
  return (
    <footer className="footer">
      <p className="footer__copy">
        © <span data-testid="footer-year">{year}</span> {company.name}. All rights reserved.
      </p>
      <nav className="footer__links" aria-label="Legal">
        <Link to="/terms">Terms &amp; Conditions</Link>
        <Link to="/privacypolicy">Privacy Policy</Link>
      </nav>
    </footer>
  );
}
