// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { promptView } from '../../engine/prompts/prompt-view';
import type { PromptDocument } from '../../engine/schema/types';
import { DocumentPrompt } from './DocumentPrompt';

import verificationDocument from '../../schemas/prompts/verification-code.json';

const verification = verificationDocument as PromptDocument;

afterEach(cleanup);

describe('DocumentPrompt', () => {
  it('draws the document: description, fields, button texts', () => {
    render(<DocumentPrompt modalId="m" prompt={promptView(verification)} />);
    expect(screen.getByText('Enter the verification code to continue.')).toBeTruthy();
    expect(screen.getByLabelText('Code').getAttribute('aria-required')).toBe('true');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('changing the JSON changes the prompt', () => {
    const changed: PromptDocument = {
      ...verification,
      subtitle: 'Second step',
      description: 'Type the code your authenticator shows.',
      confirmText: 'Send code',
      cancelText: 'Not now',
      fields: [...verification.fields, { key: 'device', label: 'Device name', type: 'text' }],
    };
    render(<DocumentPrompt modalId="m" prompt={promptView(changed)} />);
    expect(screen.getByText('Second step')).toBeTruthy();
    expect(screen.getByText('Type the code your authenticator shows.')).toBeTruthy();
    expect(screen.queryByText('Enter the verification code to continue.')).toBeNull();
    expect(screen.getByLabelText('Device name')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Not now' })).toBeTruthy();
  });

  it('checks the trimmed value first, then keeps the prompt open with the server message', async () => {
    const verify = vi.fn(async () => ({
      ok: false as const,
      errors: ['The verification code is invalid or expired.'],
    }));
    render(<DocumentPrompt modalId="m" prompt={promptView(verification)} verify={verify} />);
    const code = screen.getByLabelText('Code');
    fireEvent.change(code, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The code field is required.')).toBeTruthy();
    expect(verify).not.toHaveBeenCalled();
    fireEvent.change(code, { target: { value: ' 123456 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(verify).toHaveBeenCalledWith({ code: '123456' }));
    expect(await screen.findByText('The verification code is invalid or expired.')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
  });
});
