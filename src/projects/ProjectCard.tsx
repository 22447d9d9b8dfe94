import { useRef, type FocusEvent, type PointerEvent } from 'react';
import { animated, useSpring } from '@react-spring/web';
import type { Project } from '../content/projects';
import { words } from '../content/words';
import { edgeLightRef } from '../dom-motion/edgeLight';
import { LIFT, LIFT_PX } from '../dom-motion/springs';
import { riseTransform } from '../dom-motion/useReveal';
import { motionStore } from '../motion/store';
import { LinkButton } from './LinkButton';

/** A project: lifts a little, on a spring, under the pointer or the keyboard's focus, unless disabled. */
export function ProjectCard({ project }: { project: Project }) {
  const titleId = `project-${project.id}`;
  const [{ y }, api] = useSpring(() => ({ y: 0, config: LIFT }));
  const hovered = useRef(false);
  const focused = useRef(false);
  const settle = () => {
    const up = (hovered.current || focused.current) && !motionStore.getState().reducedMotion;
    void api.start({ y: up ? -LIFT_PX : 0 });
  };
  const lift = project.disabled
    ? {}
    : {
        onPointerEnter: (e: PointerEvent) => {
          hovered.current = e.pointerType !== 'touch';
          settle();
        },
        onPointerLeave: () => {
          hovered.current = false;
          settle();
        },
        onFocus: (e: FocusEvent) => {
          focused.current = e.target.matches(':focus-visible');
          settle();
        },
        onBlur: () => {
          focused.current = false;
          settle();
        },
      };
  return (
    <animated.article
      ref={edgeLightRef}
      className="card"
      aria-labelledby={titleId}
      data-project={project.id}
      data-edge-light=""
      style={{ transform: riseTransform(y) }}
      {...lift}
    >
      <ul className="card__tags" aria-label={words.platforms}>
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
    </animated.article>
  );
}
