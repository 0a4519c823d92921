import type { LoginMethod } from '../../types/login-method.ts';
import { messages } from '../../lib/messages.ts';

interface MethodChoiceProps {
  methods: LoginMethod[];
  onChoose: (method: LoginMethod) => void;
}

/** View 0: the service's enabled methods. */
export function MethodChoice({ methods, onChoose }: MethodChoiceProps) {
  return (
    <section aria-labelledby="view-title">
      <h1 id="view-title" className="card__title">
        {messages.chooseMethod}
      </h1>
      <ul className="method-list">
        {methods.map((method) => (
          <li key={method}>
            <button type="button" className="button button--method" onClick={() => onChoose(method)}>
              {messages.methods[method]}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
