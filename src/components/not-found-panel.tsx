/**
 * The one pattern for a resource the service does not have or will not show (404, 403), the same for tickets and
 * cancellations: the error panel's box, what is missing and why, and exactly one way back (no Retry: it cannot help).
 * A page showing it shows no other way back (issue 37).
 */
import { useId } from 'react';
import { Link } from 'react-router-dom';
import './not-found-panel.css';

type Props = {
  title: string;
  body: string;
  /** The one way back: the list the resource belongs to. */
  back: { to: string; label: string };
};

export function NotFoundPanel({ title, body, back }: Props) {
  const id = useId();
  return (
    <section className="error-panel not-found-panel" role="alert" aria-labelledby={id}>
      <h2 id={id} className="error-panel__title">
        {title}
      </h2>
      <p>{body}</p>
      <p className="not-found-panel__back">
        <Link to={back.to}>{back.label}</Link>
      </p>
    </section>
  );
}
