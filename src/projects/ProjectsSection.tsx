import { animated } from '@react-spring/web';
import { projects } from '../content/projects';
import { words } from '../content/words';
import { Section } from '../layout/Section';
import { revealStyle, useReveal } from '../dom-motion/useReveal';
import { ProjectCard } from './ProjectCard';

export function ProjectsSection() {
  const [grid, cards] = useReveal<HTMLUListElement>(projects.length);
  return (
    <Section
      name="projects"
      title={words.sections.projects}
      className="projects"
      anchor
      reveal="heading"
    >
      <ul ref={grid} className="projects-grid" role="list">
        {projects.map((project, i) => (
          <animated.li key={project.id} style={revealStyle(cards[i]!)}>
            <ProjectCard project={project} />
          </animated.li>
        ))}
      </ul>
    </Section>
  );
}
