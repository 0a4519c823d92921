import { firstViewMessages } from '../lib/first-view-messages.ts';

/** A turning ring; `label` makes it speak, for spinners that stand alone (loading fallbacks). */
export function Spinner({ size = 'small', label = false }: { size?: 'small' | 'large'; label?: boolean }) {
  if (!label) return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
  return (
    <span role="status">
      <span className={`spinner spinner--${size}`} aria-hidden="true" />
      <span className="visually-hidden">{firstViewMessages.busy}</span>
    </span>
  );
}
