import type { Project } from '../content/projects';
import { LinkButton } from './LinkButton';

export function ProjectCard({ project }: { project: Project }) {
  const titleId = `project-${project.id}`;
  return (
    <article className="card" aria-labelledby={titleId} data-project={project.id}>
      <ul className="card__tags" aria-label="Platforms">
        {project.tags.map((tag) => (
          <li key={tag}>{tag}</li>
        ))}
      </ul>
      <h3 id={titleId} className="card__title">
        {project.title}
      </h3>
      <p className="card__text">{project.description}</p>
      <LinkButton
        label={project.linkLabel}
        href={project.url}
        disabled={project.disabled}
        describedBy={titleId}
      />
    </article>
  );
}
