// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../engine/http/client';
import { setMessages } from '../../engine/i18n/i18n';
import { CompanyData } from './AccountSummary';

// The account menu's company data amount reads in the chosen language, as every other number does.

beforeEach(() => {
  // The stubbed platform fetch is the network (jsdom's XMLHttpRequest would go out).
  http.configure({ adapter: 'fetch' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ success: true, data: { id: 7, remaining_data: 1536 * 1024 } }))),
  );
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
