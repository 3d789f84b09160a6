// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const posted: unknown[] = [];
vi.mock('../../engine/http/client', () => ({
  http: {
    request: async (config: { data?: unknown; url: string }) => {
      posted.push(config.data);
      return { status: 200, statusText: 'OK', data: { success: true }, headers: new Headers(), config };
    },
    get: async () => ({ status: 200, statusText: 'OK', data: { success: true, data: [] }, headers: new Headers() }),
  },
}));

import type { FormDocument } from '../../engine/schema/types';
import { clearToasts, toasts } from '../../engine/stores/toasts';
import { FormRunner } from '../form/FormRunner';

// jsdom's Blob has no text(); the browser's does.
if (!Blob.prototype.text) {
  Blob.prototype.text = function text(this: Blob) {
    return new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(this);
    });
  };
}

const doc: FormDocument = {
  $schema: '../form.schema.json',
  title: 'Widgets',
  endpoint: '/widgets',
  fields: [
    {
      key: 'ips',
      label: 'Addresses',
      component: 'ListInput',
      required: true,
      list: { uniqueItems: true, showCsvUpload: true, maxItems: 3 },
    },
    { key: 'agree', label: 'Agree', type: 'checkbox', trueValue: 'yes', falseValue: 'no', default: 'no' },
    { key: 'secret', label: 'Secret', type: 'password', generate: true },
    { key: 'upload', label: 'Upload', type: 'file', accept: '.json' },
    { key: 'rows', label: 'Rows', component: 'TableInput', table: { fields: [{ key: 'host', title: 'Host' }] } },
  ],
};

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  });
}

describe('theme widgets', () => {
  beforeEach(() => {
    posted.length = 0;
    render(<FormRunner name="widgets" doc={doc} onClose={() => undefined} onCancel={() => undefined} />);
  });
  afterEach(() => {
    cleanup();
    clearToasts();
  });

  it('ListInput: Enter and comma add, duplicates refused, Backspace removes the last, required only while empty', async () => {
    const input = screen.getByLabelText('Addresses') as HTMLInputElement;
    expect(input.required).toBe(true);
    fireEvent.change(input, { target: { value: ' 10.0.0.1 ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: '10.0.0.2' } });
    fireEvent.keyDown(input, { key: ',' });
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Remove 10\.0\.0\./ })).toHaveLength(2));
    expect(input.required).toBe(false);
    fireEvent.change(input, { target: { value: '10.0.0.2' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('This value is already in the list')).toBeTruthy();
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.keyDown(input, { key: 'Backspace' });
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Remove 10\.0\.0\./ })).toHaveLength(1));
    await submit();
    expect(posted[0]).toMatchObject({ ips: ['10.0.0.1'], agree: 'no' });
  });

  it('ListInput CSV upload: replaces the list, refuses a non-CSV file with the toast', async () => {
    const csv = screen.getByLabelText('Upload CSV');
    const file = new File(['a.example\n\n  b.example  \nc.example\nd.example\n'], 'list.csv', { type: 'text/csv' });
    await act(async () => {
      fireEvent.change(csv, { target: { files: [file] } });
    });
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Remove / })).toHaveLength(3));
    expect(screen.getByRole('link', { name: 'Download example CSV file' }).getAttribute('href')).toBe(
      '/assets-static/demo_files/list_input_example.csv',
    );
    await act(async () => {
      fireEvent.change(csv, { target: { files: [new File(['x'], 'x.txt', { type: 'text/plain' })] } });
    });
    await waitFor(() => expect(toasts.list.map((t) => t.message)).toContain('Not a CSV file selected'));
  });

  it('checkbox submits trueValue/falseValue; password shows, hides and generates 16 characters', async () => {
    fireEvent.change(screen.getByLabelText('Addresses'), { target: { value: 'x' } });
    fireEvent.keyDown(screen.getByLabelText('Addresses'), { key: 'Enter' });
    fireEvent.click(screen.getByLabelText('Agree'));
    const secret = screen.getByLabelText('Secret') as HTMLInputElement;
    expect(secret.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Generate password' }));
    await waitFor(() => expect(secret.value).toHaveLength(16));
    expect(secret.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(secret.type).toBe('password');
    await submit();
    expect(posted[0]).toMatchObject({ agree: 'yes', secret: secret.value });
  });

  it('file: a wrong type is refused with its message; clicking again clears the chosen file', async () => {
    const input = screen.getByLabelText('Upload') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByRole('alert')).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File(['{}'], 'api.json', { type: 'application/json' })] } });
    expect(await screen.findByText('api.json')).toBeTruthy();
    fireEvent.click(input);
    await waitFor(() => expect(screen.queryByText('api.json')).toBeNull());
  });

  it('table input: rows added, typed and removed', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Add row' }));
    const cell = await screen.findByLabelText('Host row 1');
    fireEvent.change(cell, { target: { value: 'gw-1' } });
    await waitFor(() => expect((screen.getByLabelText('Host row 1') as HTMLInputElement).value).toBe('gw-1'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove row 1' }));
    await waitFor(() => expect(screen.queryByLabelText('Host row 1')).toBeNull());
  });

  it('table input: long tables page through 100 rows at a time', async () => {
    cleanup();
    const rows = Array.from({ length: 150 }, (_, i) => ({ host: `h${i}` }));
    render(
      <FormRunner
        name="widgets"
        doc={doc}
        options={{ data: { rows } }}
        onClose={() => undefined}
        onCancel={() => undefined}
      />,
    );
    expect(screen.getByText('Rows 1–100 of 150')).toBeTruthy();
    expect(screen.queryByLabelText('Host row 101')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next rows' }));
    expect(await screen.findByText('Rows 101–150 of 150')).toBeTruthy();
    expect((screen.getByLabelText('Host row 101') as HTMLInputElement).value).toBe('h100');
  });
});

// Spec 001 §3 form field schema: an addon is a select beside a text or number
// input, submitted under its own key.
const addonDoc: FormDocument = {
  $schema: '../form.schema.json',
  title: 'Addons',
  endpoint: '/addons',
  fields: [
    {
      key: 'period',
      label: 'Period',
      type: 'number',
      addon: {
        key: 'unit',
        options: [
          { value: 's', label: 'seconds' },
          { value: 'm', label: 'minutes' },
        ],
        default: 's',
      },
    },
    {
      key: 'host',
      label: 'Host',
      addon: {
        key: 'scheme',
        options: [
          { value: 'http', label: 'http://' },
          { value: 'https', label: 'https://' },
        ],
        default: 'https',
      },
    },
  ],
};

describe('field addon', () => {
  beforeEach(() => {
    posted.length = 0;
    render(<FormRunner name="addons" doc={addonDoc} onClose={() => undefined} onCancel={() => undefined} />);
  });
  afterEach(() => {
    cleanup();
    clearToasts();
  });

  it('a number and a text input each show their addon select beside them, at its default', () => {
    const unit = screen.getByLabelText('Period unit') as HTMLSelectElement;
    const scheme = screen.getByLabelText('Host unit') as HTMLSelectElement;
    expect(unit.value).toBe('s');
    expect(scheme.value).toBe('https');
    expect(Array.from(unit.options, (o) => o.textContent)).toEqual(['seconds', 'minutes']);
    expect(unit.parentElement).toBe(screen.getByLabelText('Period').parentElement);
    expect(scheme.parentElement).toBe(screen.getByLabelText('Host').parentElement);
  });

  it('the chosen addon value is submitted under the addon key, beside the field', async () => {
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Period unit'), { target: { value: 'm' } });
    fireEvent.change(screen.getByLabelText('Host'), { target: { value: 'example.com' } });
    await submit();
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ period: 5, unit: 'm', host: 'example.com' });
  });
});
