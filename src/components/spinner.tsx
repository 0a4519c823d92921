export function Spinner({ size = 'small' }: { size?: 'small' | 'large' }) {
  return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
}
