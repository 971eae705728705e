/** The parts every outcome is drawn with: its title, its words, and the links on (shared by both resources' components). */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './outcomes.css';

export type TitleElement = 'h2' | 'h3' | 'p';

export type OutcomeLink = { to: string; text: string };

type Props = {
  kind: string;
  title: string;
  titleAs: TitleElement;
  /** Paragraphs; an object is a detail (the service's own reason), shown quieter. */
  lines: (string | { detail: string } | null | undefined | false)[];
  links: OutcomeLink[];
  children?: ReactNode;
};

export function OutcomeFrame({ kind, title, titleAs: Title, lines, links, children }: Props) {
  return (
    <div className={`outcome outcome--${kind}`}>
      <Title className="outcome__title error-panel__title">{title}</Title>
      {lines.map((line, index) =>
        !line ? null : typeof line === 'string' ? (
          <p key={index}>{line}</p>
        ) : (
          <p key={index} className="error-panel__detail">
            {line.detail}
          </p>
        ),
      )}
      {links.length > 0 ? (
        <ul className="outcome__links">
          {links.map((link) => (
            <li key={link.to + link.text}>
              <Link to={link.to}>{link.text}</Link>
            </li>
          ))}
        </ul>
      ) : null}
      {children}
    </div>
  );
}
