/**
 * The consent asked before the app collects something on a verification step (the face photo, the
 * Aadhaar and PAN images): what it is for, the question, I agree, or Not now back to the product.
 * Shown instead of the step's form, so nothing is collected before the borrower agrees.
 */
import { Link } from 'wouter';
import { Button } from '../../ui/Button';
import './face.css';

export interface ConsentCardProps {
  id: string;
  title: string;
  why: string;
  points: readonly string[];
  ask: string;
  agree: string;
  notNow: string;
  onAgree: () => void;
  backTo: string;
}

export function ConsentCard({ id, title, why, points, ask, agree, notNow, onAgree, backTo }: ConsentCardProps) {
  return (
    <section className="face-consent card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p>{why}</p>
      <ul>
        {points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <p>{ask}</p>
      <div className="face-actions">
        <Button block onClick={onAgree}>
          {agree}
        </Button>
        <Link href={backTo} className="btn btn-link">
          {notNow}
        </Link>
      </div>
    </section>
  );
}
