/**
 * "Other details from the service": what the tolerant reader kept under `other` (a field the desk does not know, a
 * value it could not read), each by the service's name and as it came, so nothing the service says is invisible
 * (docs/decisions/0027). A resource with nothing extra gets no empty section. The caller's feature gives the words.
 */
import { useId } from 'react';
import type { OtherDetail } from '../domain/tolerant-reader';
import './other-details.css';

export function OtherDetails({ other, heading, intro }: { other: readonly OtherDetail[] | undefined; heading: string; intro: string }) {
  const headingId = useId();
  if (!other?.length) return null;
  return (
    <section className="other-details" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <p className="hint">{intro}</p>
      <dl className="other-details__list">
        {other.map(({ name, value }, index) => (
          // The same name may come twice (an older spelling beside the current one): the service's order is the key.
          <div className="other-details__row" key={index}>
            <dt>{name}</dt>
            <dd className="other-details__value">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
