import { RouteLink } from '../routing/RouteLink';
import { animated } from '@react-spring/web';
import { company } from '../content/company';
import { words } from '../content/words';
import { revealStyle, useReveal } from '../dom-motion/useReveal';
import { useCurrentYear } from './useCurrentYear';

export function Footer() {
  const year = useCurrentYear();
  const [ref, [spring]] = useReveal<HTMLElement>();
  return (
    <animated.footer ref={ref} style={revealStyle(spring!)} className="footer">
      <p className="footer__copy">
        © <span data-testid="footer-year">{year}</span> {company.name}. {words.footer.rights}
      </p>
      <nav className="footer__links" aria-label={words.nav.legal}>
        <RouteLink to="/terms">{words.footer.terms}</RouteLink>
        <RouteLink to="/privacypolicy">{words.footer.privacy}</RouteLink>
      </nav>
    </animated.footer>
  );
}
