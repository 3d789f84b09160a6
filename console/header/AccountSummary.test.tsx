// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMessages } from '../../engine/i18n/i18n';
import { answerEvery } from '../test-support/network';
import { CompanyData, ResourceSummary } from './AccountSummary';

// The account menu's company data amount reads in the chosen language, as every other number does.

beforeEach(() => {
  answerEvery({ success: true, data: { id: 7, remaining_data: 1536 * 1024 } });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setMessages('en', {});
});

describe('CompanyData', () => {
  it('formats the amount in the chosen language', async () => {
    setMessages('no', { 'Company data': 'Firmadata' });
    render(<CompanyData companyId={7} />);
    expect(await screen.findByText('Firmadata: 1,5 MB')).toBeTruthy();
  });

  it('in English by default', async () => {
    render(<CompanyData companyId={8} />);
    expect(await screen.findByText('Company data: 1.5 MB')).toBeTruthy();
  });
});

describe('ResourceSummary', () => {
  it('lists Free and Paid types of the same code each once, without a duplicate React key', async () => {
    const left = [
      { credit_type_id: 1, credit_type: 'credit', credit_type_name: 'Free Credit', credits_left: 5 },
      { credit_type_id: 2, credit_type: 'credit', credit_type_name: 'Paid Credit', credits_left: 7 },
    ];
    answerEvery({ success: true, data: { credits: { left } } });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<ResourceSummary buyLink={false} />);
    expect(await screen.findByText('Paid Credit')).toBeTruthy();
    expect(screen.getAllByRole('term').map((dt) => dt.textContent)).toEqual(['Free Credit', 'Paid Credit']);
    expect(errors.mock.calls.flat().join(' ')).not.toMatch(/same key/);
    errors.mockRestore();
  });
});
