import { useEffect } from 'react';
import { Spinner } from '../../components/spinner.tsx';
import { ViewTitle } from '../../components/view-title.tsx';
import { messages } from '../../lib/messages.ts';
import './wait-view.css';

interface WaitViewProps {
  /** Where to go; absent while the resolver is still answering. */
  redirect: string | undefined;
  navigate: (url: string) => void;
}

/** View 4: 'Bitte warten...' until the browser leaves for the service. */
export function WaitView({ redirect, navigate }: WaitViewProps) {
  // Navigation is the outside system this view exists to hand over to.
  useEffect(() => {
    if (redirect !== undefined) navigate(redirect);
  }, [redirect, navigate]);

  return (
    <section className="wait" aria-labelledby="view-title">
      <Spinner size="large" />
      <ViewTitle takeFocus>{messages.pleaseWait}</ViewTitle>
    </section>
  );
}
