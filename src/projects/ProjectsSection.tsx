import { projects } from '../content/projects';
import { Section } from '../layout/Section';
import { ProjectCard } from './ProjectCard';

export function ProjectsSection() {
  return (
    <Section name="projects" title="Projects" anchor>
      <ul className="projects-grid" role="list">
        {projects.map((project) => (
          <li key={project.id}>
            <ProjectCard project={project} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
