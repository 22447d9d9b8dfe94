import { RouteLink } from '../routing/RouteLink';
import { company } from '../content/company';
import { words } from '../content/words';
import { Logo } from './Logo';
import { SocialLink } from './SocialLink';

/** The fixed bar on every page: the logo home, optionally the company name, the social link. */
export function TopBar({ showName = false }: { showName?: boolean }) {
  return (
    <header className="topbar">
      <a className="skip-link" href="#main">
        {words.skipToContent}
      </a>
      <RouteLink className="topbar__home" to="/" aria-label={`${company.name} ${words.home}`}>
        <Logo />
        {showName && <span className="topbar__name">{company.name}</span>}
      </RouteLink>
      <nav className="topbar__nav" aria-label={words.nav.social}>
        <SocialLink />
      </nav>
    </header>
  );
}
