import { TopBar } from '../layout/TopBar';
import { Footer } from '../layout/Footer';
import { Hero } from './Hero';
import { Welcome } from './Welcome';
import { ProjectsSection } from '../projects/ProjectsSection';
import { ContactSection } from '../contact/ContactSection';
import { usePageOpened } from '../routing/usePageOpened';

export function HomePage() {
  usePageOpened();
  return (
    <>
      <TopBar />
      <Hero />
      <main id="main" className="content">
        <Welcome />
        <ProjectsSection />
        <ContactSection />
      </main>
      <Footer />
    </>
  );
}
