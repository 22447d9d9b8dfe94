import { RouteLink } from '../routing/RouteLink';
import { animated } from '@react-spring/web';
import { company } from '../content/company';
import { revealStyle, useReveal } from '../dom-motion/useReveal';
import { useCurrentYear } from './useCurrentYear';

export function Footer() {
  const year = useCurrentYear();
  const [ref, [spring]] = useReveal<HTMLElement>();
  return (
    <animated.footer ref={ref} style={revealStyle(spring!)} className="footer">
      <p className="footer__copy">
        © <span data-testid="footer-year">{year}</span> {company.name}. All rights reserved.
      </p>
      <nav className="footer__links" aria-label="Legal">
        <RouteLink to="/terms">Terms &amp; Conditions</RouteLink>
        <RouteLink to="/privacypolicy">Privacy Policy</RouteLink>
      </nav>
    </animated.footer>
  );
}
