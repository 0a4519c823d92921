// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { OtpInput } from '../../../../src/features/verify/otp-input.tsx';

afterEach(cleanup);

const TOO_LONG = 'Der Code hat 6 Ziffern. Bitte gib nur den Code ein.';

function Harness({ onComplete, locked = false }: { onComplete: (code: string) => void; locked?: boolean }) {
  const [code, setCode] = useState('');
  return (
    <>
      <label htmlFor="code">Bestätigungscode</label>
      <OtpInput
        id="code"
        value={code}
        busy={false}
        locked={locked}
        invalid={false}
        describedBy="hint"
        onChange={setCode}
        onComplete={onComplete}
      />
    </>
  );
}

function setup(locked = false) {
  const onComplete = vi.fn();
  const { container } = render(<Harness onComplete={onComplete} locked={locked} />);
  const input = screen.getByLabelText('Bestätigungscode');
  const boxes = () => [...container.querySelectorAll('.otp__box')].map((box) => box.textContent);
  /** The polite hint the input names in aria-describedby. */
  const hint = () => document.getElementById('code-too-long');
  return { input, onComplete, boxes, hint };
}

describe('the code input', () => {
  test('is one real input with the hints for one-time codes', () => {
    const { input } = setup();
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('aria-describedby', 'hint code-too-long');
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
  });

  test('has a polite hint for too many digits, empty until then', () => {
    const { hint } = setup();
    expect(hint()).toHaveAttribute('aria-live', 'polite');
    expect(hint()).toBeEmptyDOMElement();
  });

  test('draws six boxes that fill as digits are typed', async () => {
    const { input, boxes, onComplete } = setup();
    await userEvent.type(input, '123');
    expect(boxes()).toEqual(['1', '2', '3', '', '', '']);
    expect(onComplete).not.toHaveBeenCalled();
  });

  test('backspace removes the last digit', async () => {
    const { input, boxes } = setup();
    await userEvent.type(input, '1234{Backspace}{Backspace}');
    expect(boxes()).toEqual(['1', '2', '', '', '', '']);
    expect(input).toHaveValue('12');
  });

  test('ignores anything that is not a digit', async () => {
    const { input } = setup();
    await userEvent.type(input, '1a-2 b3');
    expect(input).toHaveValue('123');
  });

  test('completes once when the sixth digit is typed; a seventh is refused with the hint', async () => {
    const { input, onComplete, hint } = setup();
    await userEvent.type(input, '123456');
    expect(hint()).toBeEmptyDOMElement();
    await userEvent.type(input, '7');
    expect(input).toHaveValue('123456');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
    expect(hint()).toHaveTextContent(TOO_LONG);
  });

  test.each([
    ['exactly six digits', '654321', '654321'],
    ['a code with spaces and a dash', '123 - 456', '123456'],
  ])('pasting %s fills every box and completes once', async (_case, text, expected) => {
    const { input, onComplete, boxes } = setup();
    await userEvent.click(input);
    await userEvent.paste(text);
    expect(input).toHaveValue(expected);
    expect(boxes()).toEqual([...expected]);
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith(expected);
  });

  // Cut to six and sent, a long paste would spend one of the few tries on a guess (issue 34).
  test.each([
    ['seven digits', '9876543'],
    ['a code with a digit too many among spaces', '987 6543'],
    ['twelve digits', '123456123456'],
  ])('pasting %s keeps the field empty, sends nothing and says why', async (_case, text) => {
    const { input, onComplete, boxes, hint } = setup();
    await userEvent.click(input);
    await userEvent.paste(text);
    expect(input).toHaveValue('');
    expect(boxes()).toEqual(['', '', '', '', '', '']);
    expect(onComplete).not.toHaveBeenCalled();
    expect(hint()).toHaveTextContent(TOO_LONG);
  });

  test('pasting seven digits into a partly filled field keeps what was there', async () => {
    const { input, onComplete, hint } = setup();
    await userEvent.type(input, '12');
    await userEvent.paste('9876543');
    expect(input).toHaveValue('12');
    expect(onComplete).not.toHaveBeenCalled();
    expect(hint()).toHaveTextContent(TOO_LONG);
  });

  test('the hint goes once the field holds a code again', async () => {
    const { input, onComplete, hint } = setup();
    await userEvent.click(input);
    await userEvent.paste('9876543');
    await userEvent.paste('987654');
    expect(input).toHaveValue('987654');
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('987654');
    expect(hint()).toBeEmptyDOMElement();
  });

  test('select-all then Backspace clears the field', async () => {
    const { input, boxes } = setup();
    await userEvent.type(input, '1234');
    await userEvent.keyboard('{Control>}a{/Control}{Backspace}');
    expect(input).toHaveValue('');
    expect(boxes()).toEqual(['', '', '', '', '', '']);
  });

  test('select-all then a paste replaces the code', async () => {
    const { input, onComplete } = setup();
    await userEvent.type(input, '1234');
    await userEvent.keyboard('{Control>}a{/Control}');
    await userEvent.paste('654321');
    expect(input).toHaveValue('654321');
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('654321');
  });

  test('a click into the middle still puts the caret after the last digit', async () => {
    const { input } = setup();
    await userEvent.type(input, '1234');
    await userEvent.pointer({ target: input, offset: 1, keys: '[MouseLeft]' });
    await userEvent.keyboard('{Backspace}');
    expect(input).toHaveValue('123');
  });

  test('pasting letters changes nothing', async () => {
    const { input, onComplete } = setup();
    await userEvent.click(input);
    await userEvent.paste('abcdef');
    expect(input).toHaveValue('');
    expect(onComplete).not.toHaveBeenCalled();
  });

  test('pasting too few digits fills what it can and waits for the rest', async () => {
    const { input, onComplete } = setup();
    await userEvent.click(input);
    await userEvent.paste('12');
    await userEvent.type(input, '3456');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  test('completes again when a corrected code reaches six digits', async () => {
    const { input, onComplete } = setup();
    await userEvent.type(input, '123456{Backspace}7');
    expect(onComplete.mock.calls).toEqual([['123456'], ['123457']]);
  });
});

describe('the code input while the value is locked', () => {
  test('is read-only and unavailable, yet stays focusable', async () => {
    const { input, onComplete } = setup(true);
    expect(input).toHaveAttribute('readonly');
    expect(input).toHaveAttribute('aria-disabled', 'true');
    expect(input).not.toBeDisabled();
    await userEvent.type(input, '123456');
    expect(input).toHaveFocus();
    expect(input).toHaveValue('');
    expect(onComplete).not.toHaveBeenCalled();
  });

  test('is neither when it is not locked', () => {
    const { input } = setup();
    expect(input).not.toHaveAttribute('readonly');
    expect(input).not.toHaveAttribute('aria-disabled');
  });
});

describe('a whole code arriving into a partly filled input', () => {
  test.each([
    ['pasted', async () => userEvent.paste('654321')],
    ['autofilled after two typed digits', async () => userEvent.paste('654321')],
  ])('replaces the digits that were there when %s', async (_case, arrive) => {
    const { input, onComplete } = setup();
    await userEvent.type(input, '12');
    await arrive();
    expect(input).toHaveValue('654321');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('654321');
  });
});
