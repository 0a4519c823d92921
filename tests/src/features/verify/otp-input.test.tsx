// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { OtpInput } from '../../../../src/features/verify/otp-input.tsx';

afterEach(cleanup);

function Harness({ onComplete }: { onComplete: (code: string) => void }) {
  const [code, setCode] = useState('');
  return (
    <>
      <label htmlFor="code">Bestätigungscode</label>
      <OtpInput
        id="code"
        value={code}
        busy={false}
        invalid={false}
        describedBy="hint"
        onChange={setCode}
        onComplete={onComplete}
      />
    </>
  );
}

function setup() {
  const onComplete = vi.fn();
  const { container } = render(<Harness onComplete={onComplete} />);
  const input = screen.getByLabelText('Bestätigungscode');
  const boxes = () => [...container.querySelectorAll('.otp__box')].map((box) => box.textContent);
  return { input, onComplete, boxes };
}

describe('the code input', () => {
  test('is one real input with the hints for one-time codes', () => {
    const { input } = setup();
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('aria-describedby', 'hint');
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
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

  test('completes once when the sixth digit is typed, not again for more keys', async () => {
    const { input, onComplete } = setup();
    await userEvent.type(input, '1234567');
    expect(input).toHaveValue('123456');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  test.each([
    ['exactly six digits', '654321', '654321'],
    ['a code with spaces and a dash', '123 - 456', '123456'],
    ['more than six digits', '12345678', '123456'],
  ])('pasting %s fills every box and completes once', async (_case, text, expected) => {
    const { input, onComplete, boxes } = setup();
    await userEvent.click(input);
    await userEvent.paste(text);
    expect(input).toHaveValue(expected);
    expect(boxes()).toEqual([...expected]);
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith(expected);
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
